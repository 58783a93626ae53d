import BatonDiagnostics
import BatonSyntax

// An operation or fragment in a schema file is an error: graphql-core ignores them, but
// they are never what the author meant there.
extension SDLValidator {
    mutating func executableDefinitionInSchema(_ definition: Definition) {
        let message: String
        switch definition {
        case .operation(let o):
            message =
                o.name.map { "The '\($0.value)' operation definition is not allowed in a schema." }
                ?? "An anonymous operation definition is not allowed in a schema."
        case .fragment(let f):
            message = "The '\(f.name.value)' fragment definition is not allowed in a schema."
        default:
            return
        }
        report(message, [definition.range], code: .executableDefinitionsInSchema)
    }
}
