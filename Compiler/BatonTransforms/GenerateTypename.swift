import BatonIR
import BatonSchema

/// Relay's typename transform: a linked field of an abstract type selects `__typename` first
/// (unless it already does, unaliased), so the store knows each record's concrete type; an
/// inline fragment on an abstract type selects `__is<Type>: __typename` first, so the store
/// knows which records the condition matched — unless the fragment's type is the type it is
/// written in, where the condition always holds (and flattening dissolves the fragment).
package enum GenerateTypename {
    package static func transform(_ program: IRProgram) -> IRProgram {
        let schema = program.schema
        return program.rewritingSelections { selections, type in rewrite(selections, parent: type, schema) }
    }

    static func rewrite(_ selections: [IRSelection], parent: TypeID, _ schema: Schema) -> [IRSelection] {
        selections.map { selection in
            guard let children = selection.children else { return selection }
            var rewritten = rewrite(children, parent: selection.childType(in: parent), schema)
            switch selection {
            case .field(let field) where schema[field.type].kind.isAbstract:
                let hasTypename = rewritten.contains { $0.field.map { $0.name == "__typename" && $0.alias == nil } ?? false }
                if !hasTypename {
                    rewritten.insert(
                        .field(
                            IRField(
                                alias: nil, name: "__typename", definition: schema.typenameField,
                                parentType: field.type)), at: 0)
                }
            case .inlineFragment(let inline):
                if let type = inline.typeCondition, type != parent, schema[type].kind.isAbstract {
                    rewritten.insert(
                        .field(
                            IRField(
                                alias: "__is" + schema[type].name, name: "__typename",
                                definition: schema.typenameField, parentType: type)), at: 0)
                }
            default:
                break
            }
            return selection.withChildren(rewritten)
        }
    }
}
