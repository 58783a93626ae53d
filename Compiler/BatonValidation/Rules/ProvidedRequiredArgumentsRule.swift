import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// Every required argument (non-null, no default) of a field or directive is given.
final class ProvidedRequiredArgumentsRule: ValidationRule {
    static let code: DiagnosticCode = .providedRequiredArguments
    override var events: RuleEvents { [.leaveDirective, .leaveField] }
    /// Per directive, its required arguments and their types as written.
    private var requiredDirectiveArguments: [String: [(name: String, type: String)]] = [:]

    init(_ context: ValidationContext) {
        let schema = context.schema
        for directive in schema.directives {
            requiredDirectiveArguments[directive.name] = directive.arguments.filter(\.isRequired)
                .map { ($0.name, schema.text(of: $0.type)) }
        }
        for document in context.documents {
            for case .directive(let definition) in document.definitions where !definition.isExtension {
                requiredDirectiveArguments[definition.name.value] = definition.arguments.filter { argument in
                    if case .nonNull = argument.type { return argument.defaultValue == nil }
                    return false
                }.map { ($0.name.value, $0.type.text) }
            }
        }
    }

    override func leaveDirective(_ directive: Directive, _ context: ValidationContext) {
        guard let required = requiredDirectiveArguments[directive.name.value], !required.isEmpty else { return }
        for argument in required where !directive.arguments.contains(where: { $0.name.value == argument.name }) {
            context.report(
                Self.code,
                DiagnosticCode.missingRequiredArgument("@\(directive.name.value)(\(argument.name):)", type: "\(argument.type)"),
                [context.location(directive.range)])
        }
    }

    override func leaveField(_ field: Field, _ context: ValidationContext) {
        guard let fieldRef = context.typeInfo.fieldDef else { return }
        let schema = context.schema
        let arguments = schema.fieldArguments(fieldRef)
        // Most fields take no argument, and few have required ones: look before copying any.
        let anyRequired = arguments.withUnsafeBufferPointer { arguments in
            arguments.indices.contains { arguments[$0].isRequired }
        }
        guard anyRequired else { return }
        for argument in arguments where argument.isRequired {
            guard !field.arguments.contains(where: { $0.name.value == argument.name }) else { continue }
            let owner: String
            if let type = context.typeInfo.type, schema.name(of: type.namedType).hasPrefix("__") {
                owner = "<meta>."
            } else if let parent = context.typeInfo.parentType {
                owner = schema.name(of: parent) + "."
            } else {
                owner = ""
            }
            context.report(
                Self.code,
                DiagnosticCode.missingRequiredArgument(
                    "\(owner)\(field.name.value)(\(argument.name):)", type: schema.text(of: argument.type)),
                [context.location(field.range)])
        }
    }
}
