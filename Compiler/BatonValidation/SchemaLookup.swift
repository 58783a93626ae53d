import BatonSchema
import BatonSyntax

/// A field definition found during traversal: a field of a type's own list, or one of the
/// meta-fields every selection may ask for. Small and comparable, unlike `SchemaField`.
enum FieldDefRef: Hashable {
    case field(owner: TypeID, index: Int)
    case typename
    case schema
    case type
}

// Borrowing accessors: `Schema.subscript(id:)` returns a copy of a whole `NamedType`, which
// the hot paths of validation avoid.
extension Schema {
    @inline(__always) func kind(of id: TypeID) -> NamedTypeKind { types[Int(id.index)].kind }
    @inline(__always) func name(of id: TypeID) -> String { types[Int(id.index)].name }

    /// Whether a name starts with `__`, read from its first two UTF-8 bytes (`hasPrefix`
    /// costs a hundred instructions, and every selected field asks).
    @inline(__always) static func isMetaName(_ name: String) -> Bool {
        var bytes = name.utf8.makeIterator()
        return bytes.next() == 0x5F && bytes.next() == 0x5F
    }

    /// The field named `name` on a composite type, with graphql-core's `get_field` rules for the
    /// meta-fields (`__typename` anywhere, `__schema`/`__type` on the query root only).
    func fieldRef(_ name: String, on type: TypeID) -> FieldDefRef? {
        let kind = self.kind(of: type)
        if Self.isMetaName(name) {
            if name == "__typename" && kind.isComposite { return .typename }
            if type == queryType {
                if name == "__schema" { return .schema }
                if name == "__type" { return .type }
            }
        }
        guard kind == .object || kind == .interface else { return nil }
        guard let index = fieldPosition(name, onTypeAt: Int(type.index)) else { return nil }
        return .field(owner: type, index: index)
    }

    func fieldType(_ ref: FieldDefRef) -> SchemaType {
        switch ref {
        case .field(let owner, let index): types[Int(owner.index)].fields[index].type
        case .typename: typenameField.type
        case .schema: schemaField.type
        case .type: typeField.type
        }
    }

    func fieldArguments(_ ref: FieldDefRef) -> [InputValue] {
        switch ref {
        case .field(let owner, let index): types[Int(owner.index)].fields[index].arguments
        case .typename: typenameField.arguments
        case .schema: schemaField.arguments
        case .type: typeField.arguments
        }
    }

    /// The named type of a type condition, when known.
    func namedType(_ name: Name) -> TypeID? { typeID(named: name.value) }

    func isComposite(_ type: SchemaType?) -> Bool {
        guard let type else { return false }
        return kind(of: type.namedType).isComposite && !type.isWrapped
    }
}

extension SchemaType {
    var isWrapped: Bool {
        if case .named = self { return false }
        return true
    }
}
