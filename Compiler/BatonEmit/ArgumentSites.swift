import BatonIR
import BatonTransforms

/// Argument sites (GENERATED-CODE.md, `enum Sites`): a spread of a fragment that defines
/// arguments reads in the scope the spread binds — each argument the spread passes (a constant, or
/// a variable of the spreading scope), else the definition's default, else null — over the
/// operation's variables. A spread of a fragment without arguments from inside one with arguments
/// gets an empty site too, so the child never sees the parent's own arguments. Sites with equal
/// bindings are one constant, named by the fragment and six hex digits of its bindings.
enum ArgumentSites {
    /// The `Sites.<name>` a spread reads through, declared in `references`; nil when the spread
    /// reads in the enclosing scope as it is.
    static func site(
        for spread: IRFragmentSpread, fragment: IRFragment, enclosingDefinesArguments: Bool,
        references: SharedReferences
    ) -> String? {
        guard !fragment.argumentDefinitions.isEmpty || enclosingDefinesArguments else { return nil }
        var entries: [String] = []
        for definition in fragment.argumentDefinitions {
            let value = spread.arguments.first { $0.name == definition.name }?.value ?? definition.defaultValue ?? .null
            entries.append(SwiftSpelling.stringLiteral(definition.name) + ": " + binding(value))
        }
        entries.sort()
        let declaration = "Baton.ArgumentSite([" + (entries.isEmpty ? ":" : entries.joined(separator: ", ")) + "])"
        let name = fragment.name + "_" + String(PersistedDocumentID.id(of: declaration, algorithm: .sha256).prefix(6))
        references.sites[name] = declaration
        return "Sites." + name
    }

    /// A bound value as a `Baton.ArgumentBinding`: constants whole, variables read in the spreading scope.
    static func binding(_ value: IRValue) -> String {
        if value.isConstant { return ".value(" + constant(value) + ")" }
        switch value {
        case .variable(let name): return ".variable(" + SwiftSpelling.stringLiteral(name) + ")"
        case .list(let items): return ".list([" + items.map(binding).joined(separator: ", ") + "])"
        case .object(let fields):
            let members = fields.map { SwiftSpelling.stringLiteral($0.name) + ": " + binding($0.value) }
            return ".object([" + (members.isEmpty ? ":" : members.joined(separator: ", ")) + "])"
        default: return ".value(" + constant(value) + ")"
        }
    }

    /// A constant as a `Baton.VariableValue`: enums as their text, as variables are sent.
    static func constant(_ value: IRValue) -> String {
        switch value {
        case .null, .variable: return ".null"
        case .boolean(let flag): return ".bool(\(flag))"
        case .int(let text): return ".int(\(text))"
        case .float(let text): return ".float(\(text))"
        case .string(let text, _), .enumValue(let text): return ".string(" + SwiftSpelling.stringLiteral(text) + ")"
        case .list(let items): return ".list([" + items.map(constant).joined(separator: ", ") + "])"
        case .object(let fields):
            let members = fields.map { SwiftSpelling.stringLiteral($0.name) + ": " + constant($0.value) }
            return ".object([" + (members.isEmpty ? ":" : members.joined(separator: ", ")) + "])"
        }
    }
}
