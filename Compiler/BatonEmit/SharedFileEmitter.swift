import BatonPlans
import BatonSchema
import BatonTransforms

/// The shared file (GENERATED-CODE.md, "Shared file"): `Types` (the format marker, the schema digest, every type
/// and membership table the outputs name), `Slots` (one constant per storage key and type),
/// `Guards`, `AbstractSlots`, then the enums and input objects the documents read or pass.
struct SharedFileEmitter {
    let input: SwiftEmitter.Input
    let references: SharedReferences
    let variables: VariableSpelling

    /// The runtime's generated-code format this emitter writes.
    static let format = "Baton.Format2"

    func emit() -> String {
        let schema = input.schema
        // Membership tables name their members' types: settle them before `Types` is written.
        var memberLines: [String] = []
        for name in references.members.sorted() {
            guard let named = schema.type(named: name) else { continue }
            let possible = schema.possibleTypes(of: named.id).map { schema[$0].name }.sorted()
            let list = possible.map(references.type).joined(separator: ", ")
            memberLines.append("    static let \(name)_possible = Baton.Members(\(SwiftSpelling.stringLiteral(name)), [\(list)])\n")
        }
        // Input objects may name more enums and inputs; enums are settled after them.
        var inputs: [String] = []
        var seenInputs = Set<String>()
        while let next = references.inputObjects.subtracting(seenInputs).sorted().first {
            seenInputs.insert(next)
            inputs.append(next)
        }
        let inputTexts = inputs.sorted().compactMap { schema.type(named: $0).map(inputObject) }

        // `transient` names its types, so they are declared (and registered transient) with the rest.
        let transientTypes = self.transientTypes()
        let transientList = transientTypes.sorted().map(references.type).joined(separator: ", ")
        let transientFields = input.transientFields.map(SwiftSpelling.stringLiteral).joined(separator: ", ")

        var out = SwiftEmitter.header + "import Foundation\n@_spi(Generated) import Baton\n\n"
        out += "enum Types {\n"
        out += "    static let format = \(Self.format).self\n"
        out += "    static let schemaDigest = \(SwiftSpelling.stringLiteral(input.schemaDigest))\n"
        out += "    static let transient = Baton.Transient(types: [\(transientList)], fields: [\(transientFields)])\n"
        for name in references.types.sorted() {
            let transient = transientTypes.contains(name) ? ", transient: true" : ""
            out +=
                "    static let \(SwiftSpelling.typeConstant(name)) = Baton.Registry.type(\(SwiftSpelling.stringLiteral(name))\(transient))\n"
        }
        out += memberLines.joined()
        out += "}\n\n"

        out += "enum Slots {\n"
        let byType = Dictionary(grouping: references.slots, by: \.type)
        for type in byType.keys.sorted() {
            out += "    enum \(SwiftSpelling.typeConstant(type)) {\n"
            var seen = Set<String>()
            for slot in byType[type]!.sorted() where seen.insert(slot.constantName).inserted {
                out += "        static let \(SwiftSpelling.identifier(slot.constantName)) = \(declaration(slot))\n"
            }
            out += "    }\n"
        }
        out += "}\n"

        if !references.guards.isEmpty {
            out += "\nenum Guards {\n"
            for value in references.guards.sorted() {
                out +=
                    "    static let \(SwiftSpelling.identifier(value.constantName)) = Baton.Guard(\(SwiftSpelling.stringLiteral(value.variable)), passing: \(value.passing))\n"
            }
            out += "}\n"
        }
        if !references.sites.isEmpty {
            out += "\nenum Sites {\n"
            for name in references.sites.keys.sorted() {
                out += "    static let \(name) = \(references.sites[name]!)\n"
            }
            out += "}\n"
        }
        if !references.abstractSlots.isEmpty {
            out += "\nenum AbstractSlots {\n"
            for name in references.abstractSlots.keys.sorted() {
                let key = references.abstractSlots[name]!.constant ?? name
                out += "    static let \(SwiftSpelling.identifier(name)) = Baton.AbstractSlot(\(SwiftSpelling.stringLiteral(key)))\n"
            }
            out += "}\n"
        }
        for name in references.enums.sorted() {
            guard let named = schema.type(named: name) else { continue }
            out += "\n" + enumeration(named)
        }
        for text in inputTexts { out += "\n" + text }
        return out
    }

    /// `transient.types` with each interface or union standing for its possible types.
    func transientTypes() -> Set<String> {
        var names = Set<String>()
        for name in input.transientTypes {
            guard let named = input.schema.type(named: name) else { continue }
            names.insert(name)
            if named.kind.isAbstract {
                for id in input.schema.possibleTypes(of: named.id) { names.insert(input.schema[id].name) }
            }
        }
        return names
    }

    func declaration(_ slot: SlotReference) -> String {
        let type = "Types." + SwiftSpelling.typeConstant(slot.type)
        if let constant = slot.key.constant {
            let function = slot.client ? "clientSlot" : "slot"
            return "Baton.Registry.\(function)(\(type), \(SwiftSpelling.stringLiteral(constant)))"
        }
        let arguments = slot.key.arguments.map { argument in
            let segments = argument.segments.map { segment -> String in
                switch segment {
                case .literal(let text): ".literal(\(SwiftSpelling.stringLiteral(text)))"
                case .variable(let name): ".variable(\(SwiftSpelling.stringLiteral(name)))"
                }
            }
            return ".init(\(SwiftSpelling.stringLiteral(argument.name)), [\(segments.joined(separator: ", "))])"
        }
        return "Baton.DynamicKey(\(type), \(SwiftSpelling.stringLiteral(slot.key.fieldName)), [\(arguments.joined(separator: ", "))])"
    }

    func enumeration(_ named: NamedType) -> String {
        let name = LensNaming.enumTypeName(named.name)
        var out = "public enum \(SwiftSpelling.identifier(name)): Baton.GeneratedEnum {\n"
        let cases = named.enumValues.map { (value: $0.name, swift: SwiftSpelling.identifier(LensNaming.enumCaseName($0.name))) }
        for entry in cases { out += "    case \(entry.swift)\n" }
        out += "    case unknown(String)\n\n"
        out += "    public init(enumText: String) {\n        switch enumText {\n"
        for entry in cases { out += "        case \(SwiftSpelling.stringLiteral(entry.value)): self = .\(entry.swift)\n" }
        out += "        default: self = .unknown(enumText)\n        }\n    }\n\n"
        out += "    public var scalarText: String {\n        switch self {\n"
        for entry in cases { out += "        case .\(entry.swift): \(SwiftSpelling.stringLiteral(entry.value))\n" }
        out += "        case .unknown(let text): text\n        }\n    }\n}\n"
        return out
    }

    /// An input object: one property per field, a field left nil absent from the request.
    func inputObject(_ named: NamedType) -> String {
        let name = LensNaming.inputTypeName(named.name)
        func property(_ field: String) -> String {
            SwiftSpelling.identifier(field == "variable" ? "variable_" : LensNaming.variablePropertyName(field))
        }
        // A field that leads back to this input through fields that are not lists would make the
        // struct contain itself: it is boxed (`Baton.Indirect`), and the init boxes what it is given.
        let boxed = Set(named.inputFields.filter { leadsBack(to: named.id, from: $0.type) }.map(\.name))
        func storedType(_ field: InputValue) -> String {
            let plain = variables.swiftType(field.type)
            guard boxed.contains(field.name) else { return plain }
            return field.type.isNonNull ? "Baton.Indirect<\(plain)>" : "Baton.Indirect<\(plain.dropLast())>?"
        }
        var out = "public struct \(SwiftSpelling.identifier(name)): Baton.InputObject {\n"
        for field in named.inputFields {
            out += "    public var \(property(field.name)): \(storedType(field))\n"
        }
        let parameters = named.inputFields.map { field in
            "\(property(field.name)): \(variables.swiftType(field.type))" + (field.type.isNonNull ? "" : " = nil")
        }
        out += "\n    public init(\(parameters.joined(separator: ", "))) {\n"
        for field in named.inputFields {
            let own = property(field.name)
            let value =
                !boxed.contains(field.name)
                ? own
                : field.type.isNonNull ? "Baton.Indirect(\(own))" : "\(own).map { Baton.Indirect($0) }"
            out += "        self.\(own) = \(value)\n"
        }
        out += "    }\n\n"
        out += "    /// The object as a variable's value; unset fields are left out.\n"
        out += "    public var variable: Baton.VariableValue {\n"
        out += "        var fields: [String: Baton.VariableValue] = [:]\n"
        for field in named.inputFields {
            let key = SwiftSpelling.stringLiteral(field.name)
            let own = "self." + property(field.name)
            if field.type.isNonNull {
                out += "        fields[\(key)] = \(variables.value(field.type, own))\n"
            } else {
                out += "        if let value = \(own) { fields[\(key)] = \(variables.nonNullValue(field.type, "value", depth: 0)) }\n"
            }
        }
        out += "        return .object(fields)\n    }\n}\n"
        return out
    }

    /// Whether a value of `type` (not through a list) can hold an input object `target`.
    func leadsBack(to target: TypeID, from type: SchemaType) -> Bool {
        var seen = Set<TypeID>()
        var pending: [SchemaType] = [type]
        while let next = pending.popLast() {
            guard case .named(let id) = next.nullable else { continue }
            if id == target { return true }
            guard input.schema[id].kind == .inputObject, seen.insert(id).inserted else { continue }
            pending += input.schema[id].inputFields.map(\.type)
        }
        return false
    }
}
