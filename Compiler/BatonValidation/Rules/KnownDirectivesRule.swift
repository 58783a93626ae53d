import BatonDiagnostics
import BatonSyntax

/// Every directive is defined (by the schema or a document) and allowed where it is used.
final class KnownDirectivesRule: ValidationRule {
    static let code: DiagnosticCode = .knownDirectives
    override var events: RuleEvents { [.enterDirective] }
    private var locationsByName: [String: Set<DirectiveLocation>] = [:]

    init(_ context: ValidationContext) {
        for directive in context.schema.directives {
            locationsByName[directive.name] = Set(directive.locations)
        }
        for document in context.documents {
            for case .directive(let definition) in document.definitions where !definition.isExtension {
                locationsByName[definition.name.value] = Set(definition.locations.compactMap { DirectiveLocation(rawValue: $0.value) })
            }
        }
    }

    override func enterDirective(_ directive: Directive, location: DirectiveLocation, _ context: ValidationContext) {
        let name = directive.name.value
        if let locations = locationsByName[name], !locations.isEmpty {
            if !locations.contains(location) {
                context.report(
                    Self.code, DiagnosticCode.misplacedDirective(name, on: Self.describe(location)),
                    [context.location(directive.range)])
            }
        } else {
            context.report(Self.code, DiagnosticCode.unknownDirective(name), [context.location(directive.range)])
        }
    }

    /// The location as graphql-core 3.3 names it in messages: `fragment spread`.
    static func describe(_ location: DirectiveLocation) -> String {
        String(location.rawValue.lowercased().map { $0 == "_" ? " " : $0 })
    }
}
