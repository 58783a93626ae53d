import BatonDiagnostics
import BatonSyntax

// Interface implementation: only interfaces, not itself, each once, every transitive
// interface listed, every interface field provided with a covariant type and the same
// arguments, no extra required argument. An implementation field deprecated while the
// interface's is not (graphql-js 17) is a warning: GitHub's schema has twelve.
extension SchemaChecks {
    mutating func checkInterfaces(_ index: Int) {
        let type = (name: read(index) { $0.name }, ())
        var seen = Set<TypeID>()
        for interfaceID in builder.writtenInterfaces[index] {
            let interface = read(interfaceID.index.asInt) { (name: $0.name, kind: $0.kind) }
            if interface.kind != .interface {
                report(
                    "Type \(type.name) must only implement Interface types, it cannot implement \(interface.name).",
                    implementsNodes(index, interface.name), code: .interfaceImplementations)
                continue
            }
            if interfaceID.index.asInt == index {
                report(
                    "Type \(type.name) cannot implement itself because it would create a circular reference.",
                    implementsNodes(index, interface.name), code: .interfaceImplementations)
            }
            if !seen.insert(interfaceID).inserted {
                report(
                    "Type \(type.name) can only implement \(interface.name) once.",
                    implementsNodes(index, interface.name), code: .interfaceImplementations)
                continue
            }
            checkAncestors(index, interfaceID.index.asInt)
            checkImplementation(index, interfaceID.index.asInt)
        }
    }

    private mutating func checkAncestors(_ index: Int, _ interfaceIndex: Int) {
        let type = (name: read(index) { $0.name }, ())
        let interface = (name: read(interfaceIndex) { $0.name }, ())
        let typeInterfaces = builder.writtenInterfaces[index]
        for transitive in builder.writtenInterfaces[interfaceIndex] where !typeInterfaces.contains(transitive) {
            let message =
                transitive.index.asInt == index
                ? "Type \(type.name) cannot implement \(interface.name) because it would create a circular reference."
                : "Type \(type.name) must implement \(schema[transitive].name) because it is implemented by \(interface.name)."
            report(
                message, implementsNodes(interfaceIndex, schema[transitive].name) + implementsNodes(index, interface.name),
                code: .interfaceImplementations)
        }
    }

    private mutating func checkImplementation(_ index: Int, _ interfaceIndex: Int) {
        let type = read(index) { (name: $0.name, fields: $0.fields, fieldLookup: $0.fieldLookup) }
        let interface = read(interfaceIndex) { (name: $0.name, fields: $0.fields) }
        for interfaceFieldIndex in interface.fields.indices {
            if implementsCleanly(type.fields, type.fieldLookup, interface.fields, interfaceFieldIndex) { continue }
            let interfaceField = interface.fields[interfaceFieldIndex]
            let name = interfaceField.name
            var interfaceNode: Located<FieldDefinition> { fieldNode(interfaceIndex, interfaceFieldIndex) }
            guard let typeFieldIndex = type.fieldLookup.position(of: name, { type.fields[$0].name }) else {
                report(
                    "Interface field \(interface.name).\(name) expected but \(type.name) does not provide it.",
                    [interfaceField.location] + allLocations(index), code: .interfaceImplementations)
                continue
            }
            let typeField = type.fields[typeFieldIndex]
            var typeNode: Located<FieldDefinition> { fieldNode(index, typeFieldIndex) }
            if !schema.isTypeSubType(typeField.type, of: interfaceField.type) {
                report(
                    "Interface field \(interface.name).\(name) expects type \(text(interfaceField.type)) "
                        + "but \(type.name).\(name) is type \(text(typeField.type)).",
                    [interfaceNode.location(interfaceNode.node.type.range), typeNode.location(typeNode.node.type.range)],
                    code: .interfaceImplementations)
            }
            for interfaceArgument in interfaceField.arguments {
                let argumentName = interfaceArgument.name
                guard let typeArgument = typeField.argument(argumentName) else {
                    report(
                        "Interface field argument \(interface.name).\(name)(\(argumentName):) expected "
                            + "but \(type.name).\(name) does not provide it.",
                        [interfaceArgument.location, typeField.location], code: .interfaceImplementations)
                    continue
                }
                if interfaceArgument.type != typeArgument.type {
                    report(
                        "Interface field argument \(interface.name).\(name)(\(argumentName):) expects type "
                            + "\(text(interfaceArgument.type)) but \(type.name).\(name)(\(argumentName):) is type "
                            + "\(text(typeArgument.type)).",
                        [
                            argumentNode(interfaceNode, argumentName).map { interfaceNode.location($0.type.range) },
                            argumentNode(typeNode, argumentName).map { typeNode.location($0.type.range) },
                        ],
                        code: .interfaceImplementations)
                }
            }
            for typeArgument in typeField.arguments
            where typeArgument.isRequired
                && interfaceField.argument(typeArgument.name) == nil
            {
                report(
                    "Argument '\(type.name).\(name)(\(typeArgument.name):)' must not be required type "
                        + "'\(text(typeArgument.type))' if not provided by the Interface field '\(interface.name).\(name)'.",
                    [typeArgument.location, interfaceField.location], code: .interfaceImplementations)
            }
            if typeField.isDeprecated && !interfaceField.isDeprecated {
                report(
                    "Interface field \(interface.name).\(name) is not deprecated, so implementation field "
                        + "\(type.name).\(name) must not be deprecated.",
                    [deprecatedDirective(typeField.directives, typeNode.source), typeNode.location(typeNode.node.type.range)],
                    code: .implementationFieldDeprecation)
            }
        }
    }

    /// The common case, checked in place: the field exists with the interface's exact type
    /// and arguments, and is not deprecated unless the interface's field is.
    private func implementsCleanly(
        _ typeFields: [SchemaField], _ typeFieldLookup: NameIndex,
        _ interfaceFields: [SchemaField], _ i: Int
    ) -> Bool {
        interfaceFields.withUnsafeBufferPointer { interfaceFields in
            typeFields.withUnsafeBufferPointer { typeFields in
                guard let t = typeFieldLookup.position(of: interfaceFields[i].name, { typeFields[$0].name }) else {
                    return false
                }
                guard typeFields[t].type == interfaceFields[i].type,
                    typeFields[t].deprecationReason == nil || interfaceFields[i].deprecationReason != nil
                else {
                    return false
                }
                return typeFields[t].arguments.withUnsafeBufferPointer { typeArguments in
                    interfaceFields[i].arguments.withUnsafeBufferPointer { interfaceArguments in
                        guard typeArguments.count == interfaceArguments.count else { return false }
                        for a in typeArguments.indices
                        where typeArguments[a].name != interfaceArguments[a].name
                            || typeArguments[a].type != interfaceArguments[a].type
                        {
                            return false
                        }
                        return true
                    }
                }
            }
        }
    }
}
