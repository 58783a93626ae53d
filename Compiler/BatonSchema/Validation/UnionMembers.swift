import BatonDiagnostics
import BatonSyntax

// Union members: at least one, object types only, each once.
extension SchemaChecks {
    mutating func checkUnionMembers(_ index: Int) {
        let union = schema.types[index]
        if builder.writtenMembers[index].isEmpty && writtenMemberCount(index) == 0 {
            report(
                "Union type \(union.name) must define one or more member types.", allLocations(index),
                code: .unionMembers)
        }
        var included = Set<TypeID>()
        for member in builder.writtenMembers[index] {
            let type = schema[member]
            if type.kind == .object {
                if !included.insert(member).inserted {
                    report(
                        "Union type \(union.name) can only include type \(type.name) once.",
                        memberNodes(index, type.name), code: .unionMembers)
                }
            } else {
                report(
                    "Union type \(union.name) can only include Object types, it cannot include \(type.name).",
                    memberNodes(index, type.name), code: .unionMembers)
            }
        }
    }

    private func memberNodes(_ index: Int, _ name: String) -> [Location?] {
        builder.typeNodes[index].flatMap { node in
            node.node.unionMembers.filter { $0.value == name }.map { node.location($0.range) }
        }
    }
}
