/// How names and literals are spelled in generated Swift.
package enum SwiftSpelling {
    /// Words that need backticks as a declaration or member name.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try", "Type", "Protocol",
    ]

    /// `name`, or `` `name` `` when Swift reserves it.
    package static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`" + name + "`" : name
    }

    /// A Swift string literal holding `text` exactly.
    package static func stringLiteral(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// The constant naming a schema type in `Types` and its nested enum in `Slots`: the type's
    /// name, with `_` appended where it would shadow the shared file's own names.
    package static func typeConstant(_ name: String) -> String {
        if ["Types", "Slots", "Guards", "AbstractSlots", "Sites", "Baton", "format", "schemaDigest", "transient"].contains(name)
            || name.hasSuffix("_possible") || name.hasSuffix("_")
        {
            return name + "_"
        }
        return identifier(name)
    }

    /// `name` with its first letter uppercased (`origin` → `Origin`).
    static func upperFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }

    /// `name` with its leading capitals lowercased as a word (`CharacterHeader` → `characterHeader`,
    /// `HTMLRow` → `htmlRow`).
    static func lowerFirstWord(_ name: String) -> String {
        let characters = Array(name)
        var count = 0
        while count < characters.count, characters[count].isUppercase { count += 1 }
        if count == 0 { return name }
        // Keep the capital that starts the next word (`HTMLRow`: the `R`).
        if count > 1, count < characters.count, characters[count].isLowercase { count -= 1 }
        return String(characters[..<count]).lowercased() + String(characters[count...])
    }
}
