import BatonJSON

/// Reading protocol structures out of JSON params. A missing or mistyped member is an
/// InvalidParams error naming its path (`params.textDocument.uri: expected a string`), so a
/// client bug is reported, never crashed on.
package protocol LSPDecodable {
    init(json: JSONValue, path: String) throws(ResponseError)
}

extension LSPDecodable {
    /// Decodes a request's or notification's params (absent params read as `null`).
    package static func decode(params: JSONValue?) throws(ResponseError) -> Self {
        try Self(json: params ?? .null, path: "params")
    }
}

/// Typed access to an object's members for decoders.
package struct JSONFields {
    package let object: JSONObject
    package let path: String

    package init(_ value: JSONValue, path: String) throws(ResponseError) {
        guard let object = value.objectValue else {
            throw .invalidParams("\(path): expected an object, found \(value.kindDescription)")
        }
        self.object = object
        self.path = path
    }

    package func value(_ key: String) throws(ResponseError) -> JSONValue {
        guard let value = object[key] else { throw .invalidParams("\(path).\(key): missing") }
        return value
    }

    package func optionalValue(_ key: String) -> JSONValue? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    package func string(_ key: String) throws(ResponseError) -> String {
        let value = try value(key)
        guard let string = value.stringValue else { throw mistyped(key, "a string", value) }
        return string
    }

    package func optionalString(_ key: String) throws(ResponseError) -> String? {
        guard let value = optionalValue(key) else { return nil }
        guard let string = value.stringValue else { throw mistyped(key, "a string", value) }
        return string
    }

    package func int(_ key: String) throws(ResponseError) -> Int {
        let value = try value(key)
        guard let number = value.numberValue, number.isIntegerText, let int = number.intValue else {
            throw mistyped(key, "an integer", value)
        }
        return int
    }

    package func optionalInt(_ key: String) throws(ResponseError) -> Int? {
        guard optionalValue(key) != nil else { return nil }
        return try int(key)
    }

    /// An LSP `uinteger`: 0 ... 2^31 - 1.
    package func uinteger(_ key: String) throws(ResponseError) -> Int {
        let int = try int(key)
        guard int >= 0 && int <= Int(Int32.max) else {
            throw .invalidParams("\(path).\(key): expected a non-negative integer, found \(int)")
        }
        return int
    }

    package func bool(_ key: String) throws(ResponseError) -> Bool? {
        guard let value = optionalValue(key) else { return nil }
        guard let bool = value.boolValue else { throw mistyped(key, "a boolean", value) }
        return bool
    }

    package func array(_ key: String) throws(ResponseError) -> [JSONValue] {
        let value = try value(key)
        guard let array = value.arrayValue else { throw mistyped(key, "an array", value) }
        return array
    }

    package func decode<T: LSPDecodable>(_ key: String, as type: T.Type = T.self) throws(ResponseError) -> T {
        try T(json: try value(key), path: "\(path).\(key)")
    }

    package func optionalDecode<T: LSPDecodable>(_ key: String, as type: T.Type = T.self) throws(ResponseError) -> T? {
        guard let value = optionalValue(key) else { return nil }
        return try T(json: value, path: "\(path).\(key)")
    }

    package func decodeArray<T: LSPDecodable>(_ key: String, of type: T.Type = T.self) throws(ResponseError) -> [T] {
        var result: [T] = []
        for (i, element) in try array(key).enumerated() {
            result.append(try T(json: element, path: "\(path).\(key)[\(i)]"))
        }
        return result
    }

    private func mistyped(_ key: String, _ expected: String, _ value: JSONValue) -> ResponseError {
        .invalidParams("\(path).\(key): expected \(expected), found \(value.kindDescription)")
    }
}
