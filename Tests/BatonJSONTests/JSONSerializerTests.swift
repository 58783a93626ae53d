import Testing

@testable import BatonJSON

@Suite struct JSONSerializerTests {
    let sample: JSONValue = [
        "name": "Baton",
        "id": 7,
        "ratio": 0.5,
        "tags": ["a", "b"],
        "empty": [:],
        "none": [],
        "nothing": nil,
        "ok": true,
    ]

    @Test func compact() {
        #expect(
            sample.serialized() == #"{"name":"Baton","id":7,"ratio":0.5,"tags":["a","b"],"empty":{},"none":[],"nothing":null,"ok":true}"#)
    }

    @Test func prettyAndSorted() {
        let expected = """
            {
              "empty": {},
              "id": 7,
              "name": "Baton",
              "none": [],
              "nothing": null,
              "ok": true,
              "ratio": 0.5,
              "tags": [
                "a",
                "b"
              ]
            }
            """
        #expect(sample.serialized([.prettyPrinted, .sortedKeys]) == expected)
        #expect(sample.serialized(.sortedKeys).hasPrefix(#"{"empty":{},"id":7,"#))
    }

    @Test func sortedKeysUseByteOrderAtEveryLevel() {
        let value: JSONValue = ["b": ["z": 1, "Z": 2, "é": 3, "e": 4], "a": 0]
        #expect(value.serialized(.sortedKeys) == #"{"a":0,"b":{"Z":2,"e":4,"z":1,"é":3}}"#)
    }

    @Test func escapesStrings() {
        let value = JSONValue.string("q\"b\\s/\n\r\t\u{08}\u{0C}\u{01}\u{1F}\u{7F}é😀\u{2028}")
        #expect(value.serialized() == #""q\"b\\s/\n\r\t\b\f\u0001\u001f"# + "\u{7F}é😀\u{2028}\"")
    }

    @Test func nonFiniteDoublesBecomeNull() {
        #expect(JSONValue.number(Double.nan).serialized() == "null")
        #expect(JSONValue.number(Double.infinity).serialized() == "null")
        #expect(JSONValue.number(1e21).serialized() == "1e+21")
        #expect(JSONValue.number(-3).serialized() == "-3")
    }

    @Test func roundTripsThroughTheParser() throws {
        let texts = [
            #"{"a":[1,-2.5e3,true,false,null],"b":"x\ny\u0000\"","c":{"d":{}},"é😀":[[]]}"#,
            "[\"\\ud83d\\ude00\",0.1,1E+2]",
        ]
        for text in texts {
            let value = try JSONParser.parse(text: text)
            let compact = value.serialized()
            #expect(try JSONParser.parse(text: compact) == value)
            #expect(try JSONParser.parse(text: value.serialized(.prettyPrinted)) == value)
            #expect(try JSONParser.parse(text: compact).serialized() == compact)
        }
        // Numbers keep their spelling through a round trip.
        #expect(try JSONParser.parse(text: "[1E+2,0.10]").serialized() == "[1E+2,0.10]")
    }

    @Test func objectEditingKeepsOrder() {
        var object: JSONObject = ["a": 1, "b": 2]
        object["a"] = 3
        object["c"] = 4
        #expect(JSONValue.object(object).serialized() == #"{"a":3,"b":2,"c":4}"#)
        object["a"] = nil
        #expect(object.keys == ["b", "c"])
    }

    @Test func equalityIgnoresRanges() throws {
        let spaced = try JSONParser.parse(text: #"{ "a" : [ 1 , 2 ] }"#)
        let tight = try JSONParser.parse(text: #"{"a":[1,2]}"#)
        #expect(spaced == tight)
        #expect(spaced.range != tight.range)
        #expect(Set([spaced, tight]).count == 1)
        #expect(try JSONParser.parse(text: "1") != JSONParser.parse(text: "1.0"))
    }
}
