import BatonDiagnostics

/// Relay's compact printer, the operation text sent on the wire: no optional white space,
/// `,` between items, definitions concatenated. Strings keep the spelling they were written
/// with. One quirk of Relay's is kept: selections next to each other that carry the same
/// `@include`/`@skip` conditions are separated by a newline and the selection set's
/// indentation instead of a comma (Relay prints them from one merged condition node).
///
/// Type-system definitions print in the same spirit (a space only where two words meet),
/// so a schema can be round-tripped too.
package enum CompactPrinter {
    package static func print(_ document: Document) -> String {
        var printer = CompactWriter(source: document.source)
        for definition in document.definitions { printer.definition(definition) }
        return printer.finish()
    }

    package static func print(_ value: Value, in source: Source? = nil) -> String {
        var printer = CompactWriter(source: source)
        printer.value(value)
        return printer.finish()
    }

    package static func print(_ type: TypeReference) -> String {
        var printer = CompactWriter(source: nil)
        printer.type(type)
        return printer.finish()
    }

    /// Definitions back to back, each with the source it was parsed from (an operation and
    /// the fragments it reaches may come from different files; strings keep their spelling
    /// from their own source).
    package static func print(_ definitions: [(definition: Definition, source: Source)]) -> String {
        var out = ""
        for (definition, source) in definitions {
            var printer = CompactWriter(source: source)
            if let last = out.utf8.last, isNameContinue(last) { printer.out.append(0x20) }
            printer.definition(definition)
            out += printer.finish()
        }
        return out
    }

    /// One definition; executable definitions can be concatenated as they are.
    package static func print(_ definition: Definition, in source: Source) -> String {
        var printer = CompactWriter(source: source)
        printer.definition(definition)
        return printer.finish()
    }
}

struct CompactWriter {
    let source: Source?
    var out: [UInt8] = []
    /// Depth of selection sets, for the newline Relay puts between shared conditions.
    var indentation = 0

    init(source: Source?) {
        self.source = source
        out.reserveCapacity(1024)
    }

    func finish() -> String { String(decoding: out, as: UTF8.self) }

    // MARK: Output

    mutating func punct(_ s: StaticString) {
        out.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    /// A word (name, keyword, number): a space first only when it would otherwise merge
    /// with the word before.
    mutating func word(_ s: String) {
        if let last = out.last, let first = s.utf8.first, isWordByte(last), isWordByte(first) {
            out.append(0x20)
        }
        out.append(contentsOf: s.utf8)
    }

    mutating func keyword(_ s: StaticString) {
        if let last = out.last, isWordByte(last) { out.append(0x20) }
        punct(s)
    }

    func isWordByte(_ b: UInt8) -> Bool { isNameContinue(b) }

    mutating func raw(_ s: String) { out.append(contentsOf: s.utf8) }

    // MARK: Definitions

    mutating func definition(_ definition: Definition) {
        switch definition {
        case .operation(let o): operation(o)
        case .fragment(let f): fragment(f)
        case .schema(let s): schema(s)
        case .type(let t): typeDefinition(t)
        case .directive(let d): directiveDefinition(d)
        }
    }

    mutating func operation(_ o: OperationDefinition) {
        description(o.description)
        let isShorthand =
            o.operationKeywordRange == nil && o.operation == .query && o.name == nil
            && o.variableDefinitions.isEmpty && o.directives.isEmpty && o.description == nil
        if !isShorthand {
            word(o.operation.rawValue)
            if let name = o.name { word(name.value) }
            if !o.variableDefinitions.isEmpty {
                punct("(")
                for (i, v) in o.variableDefinitions.enumerated() {
                    if i > 0 { punct(",") }
                    description(v.description)
                    punct("$")
                    raw(v.variable.value)
                    punct(":")
                    type(v.type)
                    if let d = v.defaultValue {
                        punct("=")
                        value(d)
                    }
                    directives(v.directives)
                }
                punct(")")
            }
            directives(o.directives)
        }
        selectionSet(o.selectionSet)
    }

    mutating func fragment(_ f: FragmentDefinition) {
        description(f.description)
        keyword("fragment")
        word(f.name.value)
        keyword("on")
        word(f.typeCondition.value)
        directives(f.directives)
        selectionSet(f.selectionSet)
    }

    mutating func selectionSet(_ set: SelectionSet) {
        punct("{")
        indentation += 1
        var previousConditions: [UInt8]? = nil
        for (i, selection) in set.selections.enumerated() {
            let conditions = conditionKey(selection.directives)
            if i > 0 {
                if let conditions, conditions == previousConditions {
                    out.append(0x0A)
                    out.append(contentsOf: repeatElement(0x20, count: 2 * indentation))
                } else {
                    punct(",")
                }
            }
            previousConditions = conditions
            self.selection(selection)
        }
        indentation -= 1
        punct("}")
    }

    /// The printed `@include`/`@skip` directives of a selection, nil when it has none.
    func conditionKey(_ directives: [Directive]) -> [UInt8]? {
        var key: [UInt8]? = nil
        for directive in directives where directive.name.value == "include" || directive.name.value == "skip" {
            var writer = CompactWriter(source: source)
            writer.directive(directive)
            key = (key ?? []) + writer.out
        }
        return key
    }

    mutating func selection(_ selection: Selection) {
        switch selection {
        case .field(let f):
            if let alias = f.alias {
                word(alias.value)
                punct(":")
            }
            word(f.name.value)
            arguments(f.arguments)
            directives(f.directives)
            if let set = f.selectionSet { selectionSet(set) }
        case .fragmentSpread(let s):
            punct("...")
            raw(s.name.value)
            directives(s.directives)
        case .inlineFragment(let i):
            punct("...")
            if let condition = i.typeCondition {
                punct("on ")
                raw(condition.value)
            }
            directives(i.directives)
            selectionSet(i.selectionSet)
        }
    }

    mutating func arguments(_ arguments: [Argument]) {
        guard !arguments.isEmpty else { return }
        punct("(")
        for (i, a) in arguments.enumerated() {
            if i > 0 { punct(",") }
            raw(a.name.value)
            punct(":")
            value(a.value)
        }
        punct(")")
    }

    mutating func directives(_ directives: [Directive]) {
        for d in directives { directive(d) }
    }

    mutating func directive(_ d: Directive) {
        punct("@")
        raw(d.name.value)
        arguments(d.arguments)
    }

    // MARK: Values and types

    mutating func value(_ v: Value) {
        switch v.kind {
        case .variable(let name):
            punct("$")
            raw(name)
        case .int(let text), .float(let text):
            word(text)
        case .string(let s, let block):
            string(s, block: block, range: v.range)
        case .boolean(let b):
            word(b ? "true" : "false")
        case .null:
            word("null")
        case .enumValue(let e):
            word(e)
        case .list(let values):
            punct("[")
            for (i, item) in values.enumerated() {
                if i > 0 { punct(",") }
                value(item)
            }
            punct("]")
        case .object(let fields):
            punct("{")
            for (i, field) in fields.enumerated() {
                if i > 0 { punct(",") }
                raw(field.name.value)
                punct(":")
                value(field.value)
            }
            punct("}")
        }
    }

    mutating func string(_ s: String, block: Bool, range: SourceRange) {
        if let source, let written = StringLiterals.original(of: s, block: block, range: range, in: source) {
            raw(written)
        } else {
            raw(block ? StringLiterals.block(s, minimize: true) : StringLiterals.quoted(s))
        }
    }

    mutating func type(_ t: TypeReference) {
        switch t {
        case .named(let name):
            word(name.value)
        case .list(let inner, _):
            punct("[")
            type(inner)
            punct("]")
        case .nonNull(let inner, _):
            type(inner)
            punct("!")
        }
    }

    // MARK: Type system

    mutating func description(_ d: Description?) {
        guard let d else { return }
        string(d.value, block: d.block, range: d.range)
    }

    mutating func schema(_ s: SchemaDefinition) {
        if s.isExtension { keyword("extend") } else { description(s.description) }
        keyword("schema")
        directives(s.directives)
        if !s.operationTypes.isEmpty {
            punct("{")
            for (i, o) in s.operationTypes.enumerated() {
                if i > 0 { punct(",") }
                word(o.operation.rawValue)
                punct(":")
                word(o.type.value)
            }
            punct("}")
        }
    }

    mutating func typeDefinition(_ t: TypeDefinition) {
        if t.isExtension { keyword("extend") } else { description(t.description) }
        word(t.kind.keyword)
        word(t.name.value)
        if !t.interfaces.isEmpty {
            keyword("implements")
            for (i, name) in t.interfaces.enumerated() {
                if i > 0 { punct("&") }
                word(name.value)
            }
        }
        directives(t.directives)
        switch t.kind {
        case .object, .interface:
            guard !t.fields.isEmpty else { break }
            punct("{")
            for (i, f) in t.fields.enumerated() {
                if i > 0 { punct(",") }
                description(f.description)
                word(f.name.value)
                inputValues(f.arguments, open: "(", close: ")")
                punct(":")
                type(f.type)
                directives(f.directives)
            }
            punct("}")
        case .union:
            guard !t.unionMembers.isEmpty else { break }
            punct("=")
            for (i, name) in t.unionMembers.enumerated() {
                if i > 0 { punct("|") }
                word(name.value)
            }
        case .enum:
            guard !t.enumValues.isEmpty else { break }
            punct("{")
            for (i, v) in t.enumValues.enumerated() {
                if i > 0 { punct(",") }
                description(v.description)
                word(v.name.value)
                directives(v.directives)
            }
            punct("}")
        case .inputObject:
            inputValues(t.inputFields, open: "{", close: "}")
        case .scalar:
            break
        }
    }

    mutating func inputValues(_ values: [InputValueDefinition], open: StaticString, close: StaticString) {
        guard !values.isEmpty else { return }
        punct(open)
        for (i, v) in values.enumerated() {
            if i > 0 { punct(",") }
            description(v.description)
            word(v.name.value)
            punct(":")
            type(v.type)
            if let d = v.defaultValue {
                punct("=")
                value(d)
            }
            directives(v.directives)
        }
        punct(close)
    }

    mutating func directiveDefinition(_ d: DirectiveDefinition) {
        if d.isExtension { keyword("extend") } else { description(d.description) }
        keyword("directive")
        punct("@")
        raw(d.name.value)
        inputValues(d.arguments, open: "(", close: ")")
        directives(d.directives)
        if d.isExtension { return }
        if d.isRepeatable { keyword("repeatable") }
        keyword("on")
        for (i, location) in d.locations.enumerated() {
            if i > 0 { punct("|") }
            word(location.value)
        }
    }
}
