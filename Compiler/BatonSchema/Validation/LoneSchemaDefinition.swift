import BatonDiagnostics
import BatonSyntax

// LoneSchemaDefinition: one `schema { … }` per schema; client extensions may not define one
// when the server has a schema definition or root types.
extension SDLValidator {
    mutating func loneSchemaDefinition(_ s: SchemaDefinition) {
        if let existing, existing.hasSchemaDefinitionOrRoot {
            report("Cannot define a new schema within a schema extension.", [s.range], code: .loneSchemaDefinition)
            return
        }
        if schemaDefinitionCount > 0 {
            report("Must provide only one schema definition.", [s.range], code: .loneSchemaDefinition)
        }
        schemaDefinitionCount += 1
    }
}
