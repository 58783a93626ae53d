import BatonDiagnostics

@testable import BatonSyntax

/// A text rendering of a syntax tree with every field except source ranges, so two trees
/// can be compared structurally (a round trip keeps structure, not positions).
enum StructuralDump {
    static func dump(_ document: Document) -> String {
        document.definitions.map(definition).joined(separator: "\n")
    }

    static func definition(_ d: Definition) -> String {
        switch d {
        case .operation(let o):
            return "operation(\(o.operation) \(o.name?.value ?? "-") desc:\(description(o.description)) "
                + "vars:[\(o.variableDefinitions.map(variable).joined(separator: ","))] "
                + "\(directives(o.directives)) \(selectionSet(o.selectionSet)))"
        case .fragment(let f):
            return "fragment(\(f.name.value) on \(f.typeCondition.value) desc:\(description(f.description)) "
                + "\(directives(f.directives)) \(selectionSet(f.selectionSet)))"
        case .schema(let s):
            return "schema(ext:\(s.isExtension) desc:\(description(s.description)) \(directives(s.directives)) "
                + s.operationTypes.map { "\($0.operation):\($0.type.value)" }.joined(separator: ",") + ")"
        case .type(let t):
            return "type(\(t.kind) ext:\(t.isExtension) \(t.name.value) desc:\(description(t.description)) "
                + "implements:\(t.interfaces.map(\.value)) \(directives(t.directives)) "
                + "fields:[\(t.fields.map(field).joined(separator: ","))] members:\(t.unionMembers.map(\.value)) "
                + "values:[\(t.enumValues.map { "\(description($0.description))\($0.name.value)\(directives($0.directives))" }.joined(separator: ","))] "
                + "inputs:[\(t.inputFields.map(inputValue).joined(separator: ","))])"
        case .directive(let d):
            return "directive(\(d.name.value) ext:\(d.isExtension) desc:\(description(d.description)) "
                + "args:[\(d.arguments.map(inputValue).joined(separator: ","))] \(directives(d.directives)) "
                + "repeatable:\(d.isRepeatable) on:\(d.locations.map(\.value)))"
        }
    }

    static func description(_ d: Description?) -> String {
        guard let d else { return "-" }
        return "\(d.block ? "B" : "S")\(d.value.debugDescription)"
    }

    static func variable(_ v: VariableDefinition) -> String {
        "\(description(v.description))$\(v.variable.value):\(v.type.text)=\(v.defaultValue.map(value) ?? "-")\(directives(v.directives))"
    }

    static func selectionSet(_ s: SelectionSet) -> String {
        "{" + s.selections.map(selection).joined(separator: ",") + "}"
    }

    static func selection(_ s: Selection) -> String {
        switch s {
        case .field(let f):
            return "\(f.alias.map { $0.value + ":" } ?? "")\(f.name.value)(\(arguments(f.arguments)))"
                + directives(f.directives) + (f.selectionSet.map(selectionSet) ?? "")
        case .fragmentSpread(let s):
            return "...\(s.name.value)\(directives(s.directives))"
        case .inlineFragment(let i):
            return "...on:\(i.typeCondition?.value ?? "-")\(directives(i.directives))\(selectionSet(i.selectionSet))"
        }
    }

    static func arguments(_ a: [Argument]) -> String {
        a.map { "\($0.name.value):\(value($0.value))" }.joined(separator: ",")
    }

    static func directives(_ d: [Directive]) -> String {
        d.map { "@\($0.name.value)(\(arguments($0.arguments)))" }.joined()
    }

    static func value(_ v: Value) -> String {
        switch v.kind {
        case .variable(let n): "$\(n)"
        case .int(let t): "int:\(t)"
        case .float(let t): "float:\(t)"
        case .string(let s, let block): "\(block ? "B" : "S")\(s.debugDescription)"
        case .boolean(let b): "\(b)"
        case .null: "null"
        case .enumValue(let e): "enum:\(e)"
        case .list(let l): "[" + l.map(value).joined(separator: ",") + "]"
        case .object(let o): "{" + o.map { "\($0.name.value):\(value($0.value))" }.joined(separator: ",") + "}"
        }
    }

    static func field(_ f: FieldDefinition) -> String {
        "\(description(f.description))\(f.name.value)(\(f.arguments.map(inputValue).joined(separator: ","))):\(f.type.text)\(directives(f.directives))"
    }

    static func inputValue(_ v: InputValueDefinition) -> String {
        "\(description(v.description))\(v.name.value):\(v.type.text)=\(v.defaultValue.map(value) ?? "-")\(directives(v.directives))"
    }
}
