/// The one JSON rendering Baton writes, shared by storage keys and the dump format: strings escape
/// `"`, `\`, `\n`, `\r`, `\t` and other controls below U+0020 as `\u00XX` and nothing else; floats
/// are the shortest decimal that reads back, with `.0` when whole, in exponent form
/// (`<mantissa>e<sign><two digits>`) when the exponent is below -4 or at 16 and above.
public enum JSONText {
    public static func quoted(_ text: String) -> String {
        var out = "\""
        appendEscaped(text, to: &out)
        out.append("\"")
        return out
    }

    public static func appendEscaped(_ text: String, to out: inout String) {
        var needsEscape = false
        for byte in text.utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C {
            needsEscape = true
            break
        }
        if !needsEscape {
            out.append(text)
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
    }

    /// A float as keys and dumps render it (Swift's `description`, which is this rule).
    public static func float(_ value: Double) -> String {
        if value.isNaN || value.isInfinite { return "null" }
        return value.description
    }
}
