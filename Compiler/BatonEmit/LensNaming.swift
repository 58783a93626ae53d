import BatonIR
import BatonSchema
import BatonTransforms

/// The one place lens naming is decided: type names, accessor names and accessor Swift types
/// (GENERATED-CODE.md, "Lenses"). The emitter writes what it says; the language server calls
/// `accessorDeclaration` for hover.
package enum LensNaming {
    /// Names a generated enum or input object may not take as they are: the shared file's own
    /// enums and the standard types generated code spells.
    static let reservedTypeNames: Set<String> = [
        "Types", "Slots", "Guards", "Sites", "AbstractSlots", "Baton", "Swift", "Foundation",
        "String", "Int", "Double", "Bool", "Array", "Dictionary", "Optional", "Result", "Error", "Set",
        "Character", "Data", "Date", "URL", "UUID", "Decimal", "List", "ID", "MainActor", "Hasher", "Sendable",
        "Equatable", "Hashable", "Lens", "Anchor", "Never", "Void", "Any", "AnyObject", "Self", "Type", "Protocol",
        "VariableValue", "Variables", "Plan", "Selection", "Field", "Operation",
    ]

    /// The Swift name of a schema enum (`Enum` appended on a clash).
    package static func enumTypeName(_ schemaName: String) -> String {
        reservedTypeNames.contains(schemaName) ? schemaName + "Enum" : schemaName
    }

    /// The Swift name of a schema input object (`Input` appended on a clash).
    package static func inputTypeName(_ schemaName: String) -> String {
        reservedTypeNames.contains(schemaName) ? schemaName + "Input" : schemaName
    }

    /// An enum case's spelling: a value named `unknown` gets an underscore (the unknown case is
    /// Baton's); keywords get backticks where declared and referred to.
    package static func enumCaseName(_ value: String) -> String {
        value == "unknown" ? "unknown_" : value
    }

    /// Names an accessor may not take as they are: generated lenses spell them inside the struct.
    static let reservedAccessorNames: Set<String> = reservedTypeNames.union([
        "Baton", "Types", "Slots", "Guards", "AbstractSlots", "Swift", "Foundation", "anchor", "init", "self",
        "recordKey",
    ])

    /// A field's accessor: its response key, `_` appended where it would shadow what the lens spells
    /// (`_` alone becomes `__`, a name no schema field may take).
    package static func fieldAccessorName(responseKey: String) -> String {
        if responseKey == "_" { return "__" }
        return reservedAccessorNames.contains(responseKey) ? responseKey + "_" : responseKey
    }

    /// An operation value's property for a variable: the variable's name, `_` appended where it
    /// would shadow the value's static members or what its body spells.
    package static func variablePropertyName(_ variable: String) -> String {
        if variable == "_" { return "__" }
        if reservedAccessorNames.contains(variable) || variable == "variables" {
            return variable + "_"
        }
        if variable.hasPrefix("selection"), Int(variable.dropFirst("selection".count)) != nil { return variable + "_" }
        if variable.hasPrefix("v"), Int(variable.dropFirst()) != nil { return variable + "_" }
        return variable
    }

    /// A spread's accessor: `@alias(as:)`, or the fragment's name before its last `_`, as a word
    /// starting lowercase (`CharacterHeader_character` → `characterHeader`).
    package static func spreadAccessorName(fragment: String, alias: String? = nil) -> String {
        if let alias { return fieldAccessorName(responseKey: alias) }
        let base = fragment.lastIndex(of: "_").map { String(fragment[..<$0]) } ?? fragment
        return SwiftSpelling.lowerFirstWord(base.isEmpty ? fragment : base)
    }

    /// The name an aliased inline fragment's accessor and lens take: `@alias(as:)`, or without `as`
    /// (Relay's default, the type condition's name) the type named as a spread's accessor is after
    /// its fragment (`... on Character @alias` → `character`). Nil when it has no `@alias`.
    package static func inlineFragmentAlias(_ inline: IRInlineFragment, schema: Schema) -> String? {
        guard let alias = inline.directive("alias") else { return nil }
        if let name = alias.argument("as")?.value.stringValue { return name }
        guard alias.argument("as") == nil, let type = inline.typeCondition else { return nil }
        return spreadAccessorName(fragment: schema[type].name)
    }

    /// The nested lens of a linked field (`origin` → `Origin`), kept off the standard types the
    /// accessors spell.
    package static func nestedLensName(responseKey: String) -> String {
        if responseKey.allSatisfy({ $0 == "_" }) { return "Underscore" + String(repeating: "_", count: responseKey.count) }
        let name = SwiftSpelling.upperFirst(responseKey)
        return reservedTypeNames.contains(name) || SwiftSpelling.keywords.contains(name) ? name + "_" : name
    }

    /// A connection lens's `pageInfo` (GENERATED-CODE.md, "Lenses"): a declared `pageInfo` is the one the lens
    /// adds (one accessor, the cursors added to its lens).
    package static let connectionPageInfo = "pageInfo"

    /// A declared field's accessor in a connection lens, given the name it would have elsewhere: `_`
    /// appended where a member the lens adds (`BatonNames.connectionMembers`) keeps the name. (A
    /// `@refetchable` fragment's fields are refused such names before.)
    package static func connectionFieldAccessorName(_ name: String) -> String {
        BatonNames.connectionMembers.contains(name) || pagingMembers.contains(name) ? name + "_" : name
    }

    /// What a `@refetchable` fragment's connection lens pages with (`RefetchEmitter`).
    static let pagingMembers: Set<String> = ["loadNext", "loadPrevious", "refetch"]

    /// A type condition's accessor and nested lens: `asCharacter`, `AsCharacter`.
    package static func conditionAccessorName(type: String) -> String { "as" + SwiftSpelling.upperFirst(type) }
    package static func conditionLensName(type: String) -> String { "As" + SwiftSpelling.upperFirst(type) }

    /// The Swift type a leaf of `type` reads as (no optionality), or nil for a mapped scalar's
    /// configured type. `customScalars` maps scalar names to Swift types.
    package static func leafType(_ type: NamedType, customScalars: [String: String]) -> String {
        if type.kind == .enum { return enumTypeName(type.name) }
        switch type.name {
        case "ID": return "Baton.ID"
        case "String": return "String"
        case "Int": return "Int"
        case "Float": return "Double"
        case "Boolean": return "Bool"
        default: return customScalars[type.name] ?? "String"
        }
    }

    /// The Swift type of an accessor as it is declared inside the lens struct `owner` (the struct's
    /// qualified name, `CharacterHeader_character` or `CharactersQuery.Data.Characters`): a nested
    /// lens is spelled through its owner (`CharacterHeader_character.Origin?`,
    /// `Baton.List<CharactersQuery.Data.Characters>`), so the declaration reads the same in the
    /// generated file and wherever it is shown.
    package static func accessorType(_ accessor: LensAccessor, in owner: String) -> String {
        guard let nested = accessor.nested else { return accessor.swiftType }
        return qualified(accessor.swiftType, nested: nested.name, in: owner)
    }

    /// `var name: Type`, as the lens struct `owner` declares the accessor (the emitter prints it,
    /// hover shows it).
    package static func accessorDeclaration(_ accessor: LensAccessor, in owner: String) -> String {
        "var " + SwiftSpelling.identifier(accessor.name) + ": " + accessorType(accessor, in: owner)
    }

    /// The qualified name of a lens nested in `owner`.
    package static func nestedPath(_ nested: String, in owner: String) -> String {
        owner + "." + SwiftSpelling.identifier(nested)
    }

    /// `type` with the nested lens `nested` it wraps spelled through `owner`. The wrappings are
    /// the ones lens and value types take (bare, optional, `Baton.List`, array, a caught `Result`,
    /// arrays of `Baton.List`s); any other spelling stays as it is.
    static func qualified(_ type: String, nested: String, in owner: String) -> String {
        let wrappings = [
            ("", ""), ("", "?"), ("Baton.List<", ">"), ("Baton.List<", ">?"), ("[", "]"), ("[", "]?"),
            ("Result<", ", Baton.FieldErrors>"), ("Result<", "?, Baton.FieldErrors>"),
            ("Result<Baton.List<", ">, Baton.FieldErrors>"), ("Result<Baton.List<", ">?, Baton.FieldErrors>"),
        ]
        for (prefix, suffix) in wrappings where type == prefix + nested + suffix {
            return prefix + nestedPath(nested, in: owner) + suffix
        }
        // A list of lists of records: the lens inside its innermost `Baton.List`.
        let list = "Baton.List<" + nested + ">"
        if type.hasPrefix("[") || type.hasPrefix("Result<["), type.contains(list) {
            return type.replacing(list, with: "Baton.List<" + nestedPath(nested, in: owner) + ">")
        }
        return type
    }

    /// The declaration an accessor of `responseKey` in fragment `fragment` has
    /// (`var name: String?`, `var origin: Fragment.Origin?`), or nil when the fragment declares no
    /// such field or spread.
    package static func accessorDeclaration(
        responseKey: String, fragment: String, program: IRProgram,
        customScalars: [String: String] = [:]
    ) -> String? {
        guard let definition = program.fragment(named: fragment) else { return nil }
        let lens = LensLookup.lens(of: .fragment(definition.name), program: program, customScalars: customScalars)
        guard let lens, let accessor = lens.accessors.first(where: { $0.responseKey == responseKey || $0.name == responseKey })
        else { return nil }
        return accessorDeclaration(accessor, in: SwiftSpelling.identifier(definition.name))
    }
}
