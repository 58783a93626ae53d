/// `@inline` fragments (GENERATED-CODE.md, "Lenses"): a `Sendable`, `Hashable` value with a stored property
/// per field, a nested value per link, an array per plural link, and the memberwise initializer
/// for tests. The lens the value is read through is nested as `Reader`; the spread's accessor builds
/// the value from it when called, on the main actor. Reads that could throw or fail read as
/// optional in a value; a spread inside an inline fragment is not part of the value.
enum InlineValueEmitter {
    static func print(_ lens: LensModel, indent: String) -> String {
        var out = indent + "struct \(SwiftSpelling.identifier(lens.name)): Sendable, Hashable {\n"
        let owner = SwiftSpelling.identifier(lens.name)
        out += body(lens, indent: indent, owner: owner)
        out +=
            "\n"
            + SwiftEmitter.printLens(
                LensModel(
                    name: "Reader", graphQLType: lens.graphQLType, accessors: lens.accessors,
                    requirements: lens.requirements), indent: indent + "    ",
                owner: owner + ".Reader")
        out += indent + "}\n\n"
        out += extensionInit(lens, path: SwiftSpelling.identifier(lens.name), indent: indent)
        return out
    }

    /// Whether the value has a property for the accessor (a spread is only there as a value).
    static func isValueMember(_ accessor: LensAccessor) -> Bool {
        accessor.reads != .spread || accessor.inlineValue
    }

    /// The stored properties and nested values of the value struct `owner` (qualified).
    static func body(_ lens: LensModel, indent: String, owner: String) -> String {
        var out = ""
        for accessor in lens.accessors where isValueMember(accessor) {
            out += indent + "    " + declaration(accessor, in: owner) + "\n"
        }
        for accessor in lens.accessors where isValueMember(accessor) {
            guard let nested = accessor.nested else { continue }
            out += "\n" + indent + "    struct \(SwiftSpelling.identifier(nested.name)): Sendable, Hashable {\n"
            out += body(nested, indent: indent + "    ", owner: LensNaming.nestedPath(nested.name, in: owner))
            out += indent + "    }\n"
        }
        return out
    }

    /// `var name: Type`, the value struct `owner`'s property for an accessor (what hover shows in
    /// an `@inline` fragment).
    static func declaration(_ accessor: LensAccessor, in owner: String) -> String {
        "var " + SwiftSpelling.identifier(accessor.name) + ": " + valueType(accessor, in: owner)
    }

    static func valueType(_ accessor: LensAccessor, in owner: String) -> String {
        if let nested = accessor.nested, !accessor.pluralLevels.isEmpty {
            // A list of lists of records: arrays of values, each level optional as the read's.
            return accessor.pluralLevels.reversed().reduce(LensNaming.nestedPath(nested.name, in: owner)) {
                "[" + $0 + "]" + ($1 ? "?" : "")
            }
        }
        if let nested = accessor.nested, accessor.caught {
            // A caught link or aliased inline fragment: its value, nil when an error is below it.
            let path = LensNaming.nestedPath(nested.name, in: owner)
            return accessor.list ? "[" + path + "]?" : path + "?"
        }
        if accessor.caught || accessor.throwing {
            let base =
                accessor.swiftType.hasPrefix("Result<")
                ? String(accessor.swiftType.dropFirst("Result<".count).prefix { $0 != "," })
                : accessor.swiftType
            return base.hasSuffix("?") ? base : base + "?"
        }
        if let nested = accessor.nested, accessor.list {
            return "[" + LensNaming.nestedPath(nested.name, in: owner) + "]" + (accessor.optional ? "?" : "")
        }
        return LensNaming.accessorType(accessor, in: owner)
    }

    /// `init(reader:)` in an extension, so the memberwise initializer stays.
    static func extensionInit(_ lens: LensModel, path: String, indent: String) -> String {
        var out = indent + "extension \(path) {\n"
        out += indent + "    @MainActor init(reader: \(readerPath(path))) {\n"
        for accessor in lens.accessors where isValueMember(accessor) {
            let name = SwiftSpelling.identifier(accessor.name)
            var value = "reader." + name
            if let nested = accessor.nested, !accessor.pluralLevels.isEmpty {
                let reader = accessor.caught && accessor.swiftType.hasPrefix("Result<") ? "((try? reader.\(name).get()) ?? nil)" : value
                value = nestedPluralValue(
                    reader, levels: accessor.pluralLevels[...],
                    type: LensNaming.nestedPath(nested.name, in: path))
            } else if accessor.throwing {
                value = "try? reader.\(name)"
            } else if accessor.caught && accessor.swiftType.hasPrefix("Result<") {
                value = "(try? reader.\(name).get()) ?? nil"
                if let nested = accessor.nested {
                    let type = LensNaming.nestedPath(nested.name, in: path)
                    value =
                        accessor.list
                        ? "(try? reader.\(name).get())?.map(\(type).init(reader:))"
                        : "(try? reader.\(name).get()).map(\(type).init(reader:))"
                }
            } else if let nested = accessor.nested {
                let type = LensNaming.nestedPath(nested.name, in: path)
                if accessor.list {
                    value = accessor.optional ? "reader.\(name)?.map(\(type).init(reader:))" : "reader.\(name).map(\(type).init(reader:))"
                } else {
                    value = accessor.optional ? "reader.\(name).map(\(type).init(reader:))" : "\(type)(reader: reader.\(name))"
                }
            }
            out += indent + "        self.\(name) = \(value)\n"
        }
        out += indent + "    }\n" + indent + "}\n"
        for accessor in lens.accessors where isValueMember(accessor) {
            guard let nested = accessor.nested else { continue }
            out += "\n" + extensionInit(nested, path: LensNaming.nestedPath(nested.name, in: path), indent: indent)
        }
        return out
    }

    /// A list of lists of lenses (`expression`) as values of `type`, level by level.
    static func nestedPluralValue(_ expression: String, levels: ArraySlice<Bool>, type: String) -> String {
        let optional = levels.first == true ? "?" : ""
        guard levels.count > 1 else { return expression + optional + ".map(\(type).init(reader:))" }
        return expression + optional + ".map { " + nestedPluralValue("$0", levels: levels.dropFirst(), type: type) + " }"
    }

    /// The lens a nested value reads from: the same path under `Reader`.
    static func readerPath(_ valuePath: String) -> String {
        var parts = valuePath.split(separator: ".").map(String.init)
        if parts.count == 1 { return parts[0] + ".Reader" }
        parts.insert("Reader", at: 1)
        return parts.joined(separator: ".")
    }
}
