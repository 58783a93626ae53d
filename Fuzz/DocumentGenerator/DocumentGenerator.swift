// Structure-aware input for the compiler: a GraphQL document printed from a random AST over a
// schema, every choice read from a byte string. Plain byte mutation rarely gets past the parser
// and the first validation rule; a document built from the schema's own fields, arguments and
// types reaches the transforms, the plans and the emitters, and a few deliberate slips (a wrong
// value, an unknown field, a misplaced directive) keep the error paths in play. The same bytes
// always print the same document, so libFuzzer's mutations of the bytes are mutations of the tree.
import BatonSchema

/// Choices read from bytes: each call takes the next byte (zero once they are spent, so every
/// input ends in the smallest choices and the document stays finite).
package struct Decisions {
    private let bytes: [UInt8]
    private var position = 0

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// A number in `0..<count` (0 when `count` is 0 or 1).
    package mutating func below(_ count: Int) -> Int {
        guard count > 1 else { return 0 }
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return Int(bytes[position]) % count
    }

    /// True with about `percent` in a hundred.
    package mutating func chance(_ percent: Int) -> Bool {
        guard position < bytes.count else { return false }
        defer { position += 1 }
        return Int(bytes[position]) * 100 < percent * 256
    }

    package mutating func pick<T>(_ choices: [T]) -> T? {
        choices.isEmpty ? nil : choices[below(choices.count)]
    }

    package var isSpent: Bool { position >= bytes.count }
}

/// Prints one executable document (fragments, then an operation) over `schema`. Most choices keep
/// to the rules (a spread that may not match is aliased, a connection gets its count, a subscription
/// one root field), so a fair share of documents compile and reach the transforms; the rest slip.
package struct DocumentGenerator {
    private let schema: Schema
    private var decisions: Decisions
    private var fragments: [(name: String, type: TypeID, argument: String?)] = []
    private var variables: [(name: String, type: String)] = []
    private var fieldCount = 0
    /// In a fragment, variables are its own arguments only: a variable it made up would be one no
    /// operation defines.
    private var inFragment = false
    /// What is being printed: "fragment", "query", "mutation" or "subscription".
    private var context = "query"
    private var refetchable = false
    /// Inside an inline fragment or an `@inline` fragment, where `@required` is not allowed.
    private var inlineDepth = 0
    private var names = 0
    /// Whether this document may slip (break a rule on purpose) at all: about a third do, so the
    /// rest compile and reach the transforms.
    private var slips = false

    /// Limits that keep a document small enough to compile thousands a second.
    private static let maximumDepth = 6
    private static let maximumFields = 40

    package init(schema: Schema, bytes: [UInt8]) {
        self.schema = schema
        self.decisions = Decisions(bytes)
    }

    /// The document the bytes choose.
    package static func document(schema: Schema, bytes: [UInt8]) -> String {
        var generator = DocumentGenerator(schema: schema, bytes: bytes)
        return generator.document()
    }

    package mutating func document() -> String {
        slips = decisions.chance(35)
        var parts: [String] = []
        for index in 0..<decisions.below(4) {
            if let fragment = fragment(index) { parts.append(fragment) }
        }
        parts.append(operation())
        return parts.joined(separator: "\n\n") + "\n"
    }

    // MARK: Definitions

    private mutating func fragment(_ index: Int) -> String? {
        let composite = schema.types.filter { $0.kind.isComposite && !$0.name.hasPrefix("__") }
        guard let type = decisions.pick(composite) else { return nil }
        let name = "Fragment\(index)"
        context = "fragment"
        variables = []
        var directives: [String] = []
        var argument: String?
        if decisions.chance(15) {
            // A fragment argument, which the body may use as a variable.
            let (argumentName, argumentType) = decisions.pick([("size", "Int"), ("first", "Int"), ("flag", "Boolean")])!
            let defaultValue = decisions.chance(50) ? ", defaultValue: \(argumentType == "Boolean" ? "true" : "2")" : ""
            directives.append("@argumentDefinitions(\(argumentName): {type: \"\(argumentType)\"\(defaultValue)})")
            variables.append((argumentName, argumentType))
            argument = argumentName + (argumentType == "Boolean" ? ": true" : ": 3")
        }
        refetchable = canRefetch(type) && decisions.chance(15)
        if refetchable { directives.append("@refetchable(queryName: \"\(name)RefetchQuery\")") }
        if decisions.chance(8) { directives.append("@throwOnFieldError") }
        let inline = decisions.chance(4)
        if inline { directives.append("@inline") }
        if slip(10) { directives.append("@relay(plural: true)") }
        inFragment = true
        if inline { inlineDepth += 1 }
        let body = selectionSet(type.id, depth: 0)
        if inline { inlineDepth -= 1 }
        inFragment = false
        refetchable = false
        fragments.append((name, type.id, argument))
        variables = []
        return "fragment \(name) on \(type.name)\(join(directives)) \(body)"
    }

    private mutating func operation() -> String {
        var roots: [(String, TypeID)] = []
        if let query = schema.queryType { roots.append(("query", query)) }
        if let mutation = schema.mutationType, decisions.chance(25) { roots.append(("mutation", mutation)) }
        if let subscription = schema.subscriptionType, decisions.chance(15) { roots.append(("subscription", subscription)) }
        guard let (keyword, root) = roots.last else { return "{ __typename }" }
        context = keyword
        variables = []
        var directives: [String] = []
        if keyword == "query", decisions.chance(8) { directives.append("@cacheExpiration(seconds: \(decisions.below(100)))") }
        if decisions.chance(8) { directives.append("@throwOnFieldError") }
        let body =
            keyword == "subscription" && !slip(10)
            ? "{ \(field(root, depth: 0, root: true) ?? "__typename") }" : selectionSet(root, depth: 0, root: true)
        var definitions = variables.map { "$\($0.name): \($0.type)" }
        // Now and then a variable the body never uses, or none defined for one it does.
        if slip(10) { definitions.append("$unused: Int") }
        if slip(5), !definitions.isEmpty { definitions.removeLast() }
        let name = decisions.chance(2) ? "" : " Generated\(keyword.prefix(1).uppercased() + keyword.dropFirst())"
        let header = definitions.isEmpty ? "" : "(\(definitions.joined(separator: ", ")))"
        return "\(keyword)\(name)\(header)\(join(directives)) \(body)"
    }

    // MARK: Selections

    private mutating func selectionSet(_ typeID: TypeID, depth: Int, root: Bool = false) -> String {
        var selections: [String] = []
        var keys = Set<String>()
        let count = 1 + decisions.below(4)
        for _ in 0..<count {
            guard fieldCount < Self.maximumFields else { break }
            switch decisions.below(10) {
            case 0: if let inline = inlineFragment(typeID, depth: depth) { selections.append(inline) }
            case 1: if let spread = fragmentSpread(typeID) { selections.append(spread) }
            default:
                // One field a response key: the same key twice with other arguments or directives
                // is a conflict, which the slips already cover.
                let defined = variables.count
                if let field = field(typeID, depth: depth, root: root) {
                    let key = String(field.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                    if keys.insert(key).inserted || slip(5) {
                        selections.append(field)
                    } else {
                        // Dropped: so are the variables it defined.
                        variables.removeLast(variables.count - defined)
                    }
                }
            }
        }
        if selections.isEmpty { selections.append(root ? firstLeaf(typeID) : "__typename") }
        return "{ " + selections.joined(separator: " ") + " }"
    }

    private mutating func field(_ typeID: TypeID, depth: Int, root: Bool = false) -> String? {
        let type = schema.types[Int(typeID.index)]
        fieldCount += 1
        if slip(5) { return "notAField\(decisions.below(3))" }
        if type.kind == .union || (!root && decisions.chance(5)) || (root && slip(5)) {
            return alias() + "__typename"
        }
        let atLimit = depth >= Self.maximumDepth
        let choices = type.fields.filter { !atLimit || isLeaf($0.type) }
        guard let field = decisions.pick(choices) else { return "__typename" }
        let named = schema.types[Int(field.type.namedType.index)]
        let connection =
            !refetchable && named.name.hasSuffix("Connection") && field.argument("first") != nil
            && hasEdgeNodes(named) && decisions.chance(30)
        var text = (connection ? "" : alias()) + field.name + arguments(field.arguments, count: connection)
        var directives: [String] = []
        if !root, decisions.chance(6) { directives.append("@\(decisions.chance(50) ? "include" : "skip")(if: \(condition()))") }
        if inlineDepth == 0, decisions.chance(4) {
            let actions = context == "mutation" ? ["NONE", "LOG"] : ["NONE", "LOG", "THROW"]
            directives.append("@required(action: \(decisions.pick(actions)!))")
        } else if decisions.chance(2) {
            directives.append("@catch\(decisions.chance(50) ? "(to: NULL)" : "")")
        }
        if field.type.isList, decisions.chance(8) {
            directives.append("@stream(initialCount: \(decisions.below(3))\(decisions.chance(30) ? ", label: \"items\(names)\"" : ""))")
            names += 1
        }
        if connection {
            directives.append("@connection(key: \"Generated_\(field.name)\"\(decisions.chance(20) ? ", filters: []" : ""))")
        }
        text += join(directives)
        if connection {
            // A connection selects its edges' nodes (the transform adds cursors and page info).
            text += " { edges { node { __typename } } " + selectionSet(named.id, depth: depth + 1).dropFirst(2)
        } else if named.kind.isComposite {
            text += " " + selectionSet(named.id, depth: depth + 1)
        } else if slip(5) {
            // A leaf given a selection: ScalarLeafs' error, and the transforms never see it.
            text += " { id }"
        }
        return text
    }

    private mutating func inlineFragment(_ typeID: TypeID, depth: Int) -> String? {
        guard depth < Self.maximumDepth else { return nil }
        let type = schema.types[Int(typeID.index)]
        var conditions: [TypeID?] = [nil, typeID]
        conditions += type.possibleTypes.map { $0 }
        conditions += type.interfaces.map { $0 }
        let condition = decisions.pick(conditions) ?? nil
        var directives: [String] = []
        if decisions.chance(15) { directives.append("@defer(label: \"part\(names)\")") }
        let conditional = decisions.chance(8)
        if conditional { directives.append("@include(if: \(self.condition()))") }
        let caught = decisions.chance(3)
        if caught { directives.append("@catch") }
        if caught || decisions.chance(6) {
            directives.append("@alias(as: \"inline\(names)\")")
        }
        names += 1
        inlineDepth += 1
        let body = selectionSet(condition ?? typeID, depth: depth + 1)
        inlineDepth -= 1
        let on = condition.map { " on " + schema.types[Int($0.index)].name } ?? ""
        return "...\(on)\(join(directives)) \(body)"
    }

    private mutating func fragmentSpread(_ typeID: TypeID) -> String? {
        guard let fragment = decisions.pick(fragments) else { return nil }
        // Mostly a spread that can apply here; now and then one that cannot.
        if !overlaps(fragment.type, typeID), !slip(20) { return nil }
        var directives: [String] = []
        if decisions.chance(15) { directives.append("@defer(label: \"\(fragment.name)_\(names)\")") }
        let conditional = decisions.chance(8)
        if conditional { directives.append("@skip(if: \(condition()))") }
        // A spread that may not match, or may be skipped, needs an alias to be read through.
        if conditional || !always(fragment.type, typeID) || decisions.chance(5) {
            if !slip(20) {
                directives.append("@alias(as: \"\(fragment.name.prefix(1).lowercased())\(fragment.name.dropFirst())\(names)\")")
            }
        }
        names += 1
        if let argument = fragment.argument, decisions.chance(40) {
            directives.append("@arguments(\(argument))")
        } else if slip(5) {
            directives.append("@arguments(notAnArgument: 2)")
        }
        return "...\(fragment.name)\(join(directives))"
    }

    // MARK: Arguments and values

    private mutating func arguments(_ definitions: [InputValue], count: Bool = false) -> String {
        var written: [String] = []
        for argument in definitions {
            if count, argument.name == "first" {
                written.append("first: \(1 + decisions.below(10))")
            } else if argument.isRequired || (!count && decisions.chance(35)) {
                written.append("\(argument.name): \(value(argument.type, depth: 0, name: argument.name, variable: true))")
            }
        }
        if slip(5) { written.append("notAnArgument: 1") }
        return written.isEmpty ? "" : "(" + written.joined(separator: ", ") + ")"
    }

    /// A value of `type`: mostly a right literal, sometimes a variable of exactly its type (the
    /// operation defines it; a fragment uses its own argument of the type), and now and then a
    /// wrong one.
    private mutating func value(_ type: SchemaType, depth: Int, name: String, variable: Bool = false) -> String {
        if slip(5) { return decisions.pick(["\"wrong\"", "1.5", "[1]", "{a: 1}", "null", "WRONG"])! }
        if variable {
            let text = typeText(type)
            if inFragment, let own = variables.first(where: { $0.type == text || $0.type + "!" == text }), decisions.chance(50) {
                return "$" + own.name
            }
            if !inFragment, decisions.chance(25) {
                let variable = "\(name)\(variables.count)"
                variables.append((variable, text))
                return "$" + variable
            }
        }
        switch type {
        case .nonNull(let inner): return value(inner, depth: depth, name: name)
        case .list(let element):
            return decisions.chance(50) ? value(element, depth: depth + 1, name: name) : "[\(value(element, depth: depth + 1, name: name))]"
        case .named(let id):
            let named = schema.types[Int(id.index)]
            switch named.kind {
            case .enum: return decisions.pick(named.enumValues)?.name ?? "NONE"
            case .inputObject:
                guard depth < 3 else { return "{}" }
                var fields: [String] = []
                for field in named.inputFields where field.isRequired || decisions.chance(30) {
                    fields.append("\(field.name): \(value(field.type, depth: depth + 1, name: field.name))")
                }
                return "{" + fields.joined(separator: ", ") + "}"
            default:
                switch named.name {
                case "Int": return String(decisions.below(50))
                case "Float": return "\(decisions.below(10)).5"
                case "Boolean": return decisions.chance(50) ? "true" : "false"
                case "ID": return "\"\(decisions.below(20))\""
                default: return "\"s\(decisions.below(10))\""
                }
            }
        }
    }

    private mutating func condition() -> String {
        if let variable = variables.first(where: { $0.type == "Boolean" || $0.type == "Boolean!" }), decisions.chance(50) {
            return "$" + variable.name
        }
        if !inFragment, decisions.chance(40) {
            let name = "condition\(variables.count)"
            variables.append((name, "Boolean!"))
            return "$" + name
        }
        return decisions.chance(50) ? "true" : "false"
    }

    private mutating func alias() -> String {
        guard decisions.chance(12) else { return "" }
        // A small pool, so two fields may share an alias; a reserved one now and then.
        if decisions.chance(3) { return decisions.pick(["id", "__id", "__typename"])! + ": " }
        return decisions.pick(["a", "b", "c"])! + ": "
    }

    /// A deliberate mistake, in a document that may slip.
    private mutating func slip(_ percent: Int) -> Bool { slips && decisions.chance(percent) }

    // MARK: Schema helpers

    private func isLeaf(_ type: SchemaType) -> Bool {
        !schema.types[Int(type.namedType.index)].kind.isComposite
    }

    private func firstLeaf(_ typeID: TypeID) -> String {
        let type = schema.types[Int(typeID.index)]
        return type.fields.first { isLeaf($0.type) && !$0.arguments.contains { $0.isRequired } }?.name ?? "__typename"
    }

    /// Whether a connection type has `edges { node }`, as `@connection` needs.
    private func hasEdgeNodes(_ connection: NamedType) -> Bool {
        guard let edges = connection.field("edges") else { return false }
        return schema.types[Int(edges.type.namedType.index)].field("node") != nil
    }

    /// Relay's refetchable fragments: on the query root, on Node, or on a type that implements it.
    private func canRefetch(_ type: NamedType) -> Bool {
        if type.id == schema.queryType || type.name == "Node" { return true }
        return type.interfaces.contains { schema.types[Int($0.index)].name == "Node" }
    }

    private func possible(_ id: TypeID) -> Set<TypeID> {
        let type = schema.types[Int(id.index)]
        return type.kind.isAbstract ? Set(type.possibleTypes) : [id]
    }

    /// Whether a fragment on `a` can apply where the type is `b`.
    private func overlaps(_ a: TypeID, _ b: TypeID) -> Bool {
        a == b || !possible(a).isDisjoint(with: possible(b))
    }

    /// Whether a fragment on `a` always applies where the type is `b`.
    private func always(_ a: TypeID, _ b: TypeID) -> Bool {
        a == b || possible(b).isSubset(of: possible(a))
    }

    private func join(_ directives: [String]) -> String {
        directives.isEmpty ? "" : " " + directives.joined(separator: " ")
    }

    private func typeText(_ type: SchemaType) -> String {
        switch type {
        case .nonNull(let inner): typeText(inner) + "!"
        case .list(let element): "[" + typeText(element) + "]"
        case .named(let id): schema.types[Int(id.index)].name
        }
    }
}
