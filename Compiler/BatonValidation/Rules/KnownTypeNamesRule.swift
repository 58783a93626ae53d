import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// Every type named in a variable's type or a type condition exists in the schema (or is
/// defined by one of the documents).
final class KnownTypeNamesRule: ValidationRule {
    static let code: DiagnosticCode = .knownTypeNames
    override var events: RuleEvents { [.namedType] }
    private let definedTypeNames: Set<String>
    private var typeNames: [String]?

    init(_ context: ValidationContext) {
        var defined = Set<String>()
        for document in context.documents {
            for case .type(let type) in document.definitions where !type.isExtension {
                defined.insert(type.name.value)
            }
        }
        definedTypeNames = defined
    }

    override func enterNamedType(_ name: Name, _ context: ValidationContext) {
        let typeName = name.value
        guard context.schema.typeID(named: typeName) == nil, !definedTypeNames.contains(typeName) else { return }
        var suggestions: [String] = []
        if !context.options.hideSuggestions {
            if typeNames == nil { typeNames = context.schema.types.map(\.name) + definedTypeNames.sorted() }
            suggestions = Suggestions.list(typeName, options: typeNames!)
        }
        context.report(
            Self.code, DiagnosticCode.unknownType(typeName, didYouMean: Suggestions.didYouMean(suggestions)),
            [context.location(name.range)])
    }
}
