import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// Every argument given to a field or directive is defined by it.
final class KnownArgumentNamesRule: ValidationRule {
    static let code: DiagnosticCode = .knownArgumentNames
    override var events: RuleEvents { [.enterDirective, .fieldArgument] }
    private var directiveArguments: [String: [String]] = [:]

    init(_ context: ValidationContext) {
        for directive in context.schema.directives {
            directiveArguments[directive.name] = directive.arguments.map(\.name)
        }
        for document in context.documents {
            for case .directive(let definition) in document.definitions where !definition.isExtension {
                directiveArguments[definition.name.value] = definition.arguments.map(\.name.value)
            }
        }
    }

    override func enterDirective(_ directive: Directive, location: DirectiveLocation, _ context: ValidationContext) {
        guard !directive.arguments.isEmpty, let known = directiveArguments[directive.name.value] else { return }
        for argument in directive.arguments where !known.contains(argument.name.value) {
            let name = argument.name.value
            let suggestions = context.options.hideSuggestions ? [] : Suggestions.list(name, options: known)
            context.report(
                Self.code,
                DiagnosticCode.unknownDirectiveArgument(name, on: directive.name.value, didYouMean: Suggestions.didYouMean(suggestions)),
                [context.location(argument.range)])
        }
    }

    override func enterFieldArgument(_ argument: Argument, of field: Field, _ context: ValidationContext) {
        let typeInfo = context.typeInfo
        guard typeInfo.argument == nil, let fieldRef = typeInfo.fieldDef, let parent = typeInfo.parentType else { return }
        let schema = context.schema
        let name = argument.name.value
        let suggestions =
            context.options.hideSuggestions
            ? [] : Suggestions.list(name, options: schema.fieldArguments(fieldRef).map(\.name))
        context.report(
            Self.code,
            "Unknown argument '\(name)' on field '\(schema.name(of: parent)).\(field.name.value)'." + Suggestions.didYouMean(suggestions),
            [context.location(argument.range)])
    }
}
