import BatonDiagnostics
import Testing

@testable import BatonSyntax

/// A node's range covers its full text: the text of every definition, selection, field
/// definition, input value, enum value, variable, directive, argument, value and type,
/// parsed on its own (wrapped in the smallest context that allows it), gives the same node.
@Suite struct NodeRangeTests {
    static let documents = [
        "syntax/executable-kitchen-sink.graphql",
        "syntax/type-system-kitchen-sink.graphql",
        "schemas/rick-and-morty.schema.graphql",
    ]

    struct Checker {
        let source: Source
        var checked = 0

        func slice(_ r: SourceRange) -> String { source.slice(r) }

        func parseOne(_ text: String) -> Definition? {
            let result = Parser.parse(Source(name: "slice", text: text))
            guard result.diagnostics.isEmpty, result.document.definitions.count == 1 else { return nil }
            return result.document.definitions[0]
        }

        mutating func definition(_ d: Definition) {
            checked += 1
            let again = parseOne(slice(d.range)).map(StructuralDump.definition)
            #expect(again == StructuralDump.definition(d), "\(slice(d.range).prefix(80))")
            switch d {
            case .operation(let o):
                if let keyword = o.operationKeywordRange { #expect(slice(keyword) == o.operation.rawValue) }
                for v in o.variableDefinitions { variable(v) }
                directives(o.directives)
                selectionSet(o.selectionSet)
            case .fragment(let f):
                #expect(slice(f.name.range) == f.name.value)
                #expect(slice(f.typeCondition.range) == f.typeCondition.value)
                directives(f.directives)
                selectionSet(f.selectionSet)
            case .schema(let s):
                directives(s.directives)
                for o in s.operationTypes { #expect(slice(o.range) == "\(o.operation.rawValue): \(o.type.value)") }
            case .type(let t):
                #expect(slice(t.name.range) == t.name.value)
                for i in t.interfaces { #expect(slice(i.range) == i.value) }
                for m in t.unionMembers { #expect(slice(m.range) == m.value) }
                directives(t.directives)
                for f in t.fields {
                    checked += 1
                    let text = "type X { \(slice(f.range)) }"
                    if case .type(let again)? = parseOne(text) {
                        #expect(again.fields.map(StructuralDump.field) == [StructuralDump.field(f)])
                    } else {
                        Issue.record("field \(slice(f.range))")
                    }
                    for a in f.arguments { inputValue(a) }
                    type(f.type)
                    directives(f.directives)
                }
                for v in t.inputFields { inputValue(v) }
                for v in t.enumValues {
                    checked += 1
                    if case .type(let again)? = parseOne("enum X { \(slice(v.range)) }") {
                        #expect(again.enumValues.first?.name.value == v.name.value)
                        #expect(again.enumValues.first?.description?.value == v.description?.value)
                        #expect(
                            again.enumValues.first.map { StructuralDump.directives($0.directives) }
                                == StructuralDump.directives(v.directives))
                    } else {
                        Issue.record("enum value \(slice(v.range))")
                    }
                }
            case .directive(let d):
                for a in d.arguments { inputValue(a) }
                for l in d.locations { #expect(slice(l.range) == l.value) }
                directives(d.directives)
            }
        }

        mutating func inputValue(_ v: InputValueDefinition) {
            checked += 1
            if case .type(let again)? = parseOne("input X { \(slice(v.range)) }") {
                #expect(again.inputFields.map(StructuralDump.inputValue) == [StructuralDump.inputValue(v)])
            } else {
                Issue.record("input value \(slice(v.range))")
            }
            type(v.type)
            if let d = v.defaultValue { value(d) }
            directives(v.directives)
        }

        mutating func variable(_ v: VariableDefinition) {
            checked += 1
            #expect(slice(v.variable.range) == "$" + v.variable.value)
            if case .operation(let again)? = parseOne("query(\(slice(v.range))) { a }") {
                #expect(again.variableDefinitions.map(StructuralDump.variable) == [StructuralDump.variable(v)])
            } else {
                Issue.record("variable \(slice(v.range))")
            }
            type(v.type)
            if let d = v.defaultValue { value(d) }
            directives(v.directives)
        }

        mutating func selectionSet(_ s: SelectionSet) {
            #expect(slice(s.range).hasPrefix("{") && slice(s.range).hasSuffix("}"))
            for selection in s.selections {
                checked += 1
                if case .operation(let again)? = parseOne("{ \(slice(selection.range)) }") {
                    #expect(again.selectionSet.selections.map(StructuralDump.selection) == [StructuralDump.selection(selection)])
                } else {
                    Issue.record("selection \(slice(selection.range))")
                }
                directives(selection.directives)
                switch selection {
                case .field(let f):
                    #expect(slice(f.name.range) == f.name.value)
                    if let a = f.alias { #expect(slice(a.range) == a.value) }
                    for a in f.arguments {
                        checked += 1
                        if case .operation(let again)? = parseOne("{ a(\(slice(a.range))) }"),
                            case .field(let g) = again.selectionSet.selections[0]
                        {
                            #expect(StructuralDump.arguments(g.arguments) == StructuralDump.arguments([a]))
                        } else {
                            Issue.record("argument \(slice(a.range))")
                        }
                        value(a.value)
                    }
                    if let set = f.selectionSet { selectionSet(set) }
                case .fragmentSpread(let s):
                    #expect(slice(s.name.range) == s.name.value)
                case .inlineFragment(let i):
                    if let t = i.typeCondition { #expect(slice(t.range) == t.value) }
                    selectionSet(i.selectionSet)
                }
            }
        }

        mutating func directives(_ directives: [Directive]) {
            for d in directives {
                checked += 1
                if case .operation(let again)? = parseOne("{ a \(slice(d.range)) }"),
                    case .field(let g) = again.selectionSet.selections[0]
                {
                    #expect(StructuralDump.directives(g.directives) == StructuralDump.directives([d]))
                } else {
                    Issue.record("directive \(slice(d.range))")
                }
                for a in d.arguments { value(a.value) }
            }
        }

        mutating func value(_ v: Value) {
            checked += 1
            switch Parser.parseValue(Source(name: "value", text: slice(v.range))) {
            case .success(let again): #expect(StructuralDump.value(again) == StructuralDump.value(v))
            case .failure(let e): Issue.record("value \(slice(v.range)): \(e.message)")
            }
            switch v.kind {
            case .list(let items): for item in items { value(item) }
            case .object(let fields):
                for f in fields {
                    #expect(slice(f.range).hasPrefix(f.name.value))
                    value(f.value)
                }
            default: break
            }
        }

        mutating func type(_ t: TypeReference) {
            checked += 1
            switch Parser.parseType(Source(name: "type", text: slice(t.range))) {
            case .success(let again): #expect(again.text == t.text)
            case .failure(let e): Issue.record("type \(slice(t.range)): \(e.message)")
            }
            switch t {
            case .list(let inner, _), .nonNull(let inner, _): type(inner)
            case .named: break
            }
        }
    }

    @Test(arguments: documents)
    func everyNodeRangeCoversItsText(path: String) throws {
        let source = try Fixtures.source(path)
        let result = Parser.parse(source)
        #expect(result.diagnostics.isEmpty)
        var checker = Checker(source: source)
        for d in result.document.definitions { checker.definition(d) }
        #expect(checker.checked > 50)
    }
}
