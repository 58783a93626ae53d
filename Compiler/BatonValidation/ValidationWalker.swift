import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// A rule called without reference counting: the walker's `rules` keep every rule alive for the
/// whole walk, and retaining and releasing a rule around each call (what a call through an
/// array element does) cost more than most calls.
struct RuleRef {
    private let rule: Unmanaged<ValidationRule>

    init(_ rule: ValidationRule) { self.rule = Unmanaged.passUnretained(rule) }

    @inline(__always)
    func callAsFunction(_ body: (ValidationRule) -> Void) {
        rule._withUnsafeGuaranteedRef(body)
    }
}

/// The one traversal of every document that all rules share: it keeps `TypeInfo` up to date and
/// calls, at each event, the rules listening to it in their specified order (graphql-js's
/// `TypeInfoVisitor` over a `ParallelVisitor`).
struct ValidationWalker {
    /// Definitions nesting deeper than this through fragments abort validation, as in
    /// graphql-core (whose parser limits nesting within one definition to the same depth).
    static let maxNestingDepth = 200

    private let context: ValidationContext
    private let rules: [ValidationRule]
    private var byEvent: [UInt32: [RuleRef]] = [:]

    init(context: ValidationContext, rules: [ValidationRule]) {
        self.context = context
        self.rules = rules
        for bit in 0..<32 {
            let event = RuleEvents(rawValue: 1 << UInt32(bit))
            let listening = rules.filter { $0.events.contains(event) }.map(RuleRef.init)
            if !listening.isEmpty { byEvent[event.rawValue] = listening }
        }
        onDocument = byEvent[RuleEvents.document.rawValue] ?? []
        onFinish = byEvent[RuleEvents.finish.rawValue] ?? []
        onEnterOperation = byEvent[RuleEvents.enterOperation.rawValue] ?? []
        onLeaveOperation = byEvent[RuleEvents.leaveOperation.rawValue] ?? []
        onEnterFragment = byEvent[RuleEvents.enterFragment.rawValue] ?? []
        onLeaveFragment = byEvent[RuleEvents.leaveFragment.rawValue] ?? []
        onVariableDefinition = byEvent[RuleEvents.variableDefinition.rawValue] ?? []
        onSelectionSet = byEvent[RuleEvents.selectionSet.rawValue] ?? []
        onEnterField = byEvent[RuleEvents.enterField.rawValue] ?? []
        onLeaveField = byEvent[RuleEvents.leaveField.rawValue] ?? []
        onFragmentSpread = byEvent[RuleEvents.fragmentSpread.rawValue] ?? []
        onInlineFragment = byEvent[RuleEvents.inlineFragment.rawValue] ?? []
        onEnterDirective = byEvent[RuleEvents.enterDirective.rawValue] ?? []
        onLeaveDirective = byEvent[RuleEvents.leaveDirective.rawValue] ?? []
        onFieldArgument = byEvent[RuleEvents.fieldArgument.rawValue] ?? []
        onValue = byEvent[RuleEvents.value.rawValue] ?? []
        onNamedType = byEvent[RuleEvents.namedType.rawValue] ?? []
    }

    private var onDocument: [RuleRef] = []
    private var onFinish: [RuleRef] = []
    private var onEnterOperation: [RuleRef] = []
    private var onLeaveOperation: [RuleRef] = []
    private var onEnterFragment: [RuleRef] = []
    private var onLeaveFragment: [RuleRef] = []
    private var onVariableDefinition: [RuleRef] = []
    private var onSelectionSet: [RuleRef] = []
    private var onEnterField: [RuleRef] = []
    private var onLeaveField: [RuleRef] = []
    private var onFragmentSpread: [RuleRef] = []
    private var onInlineFragment: [RuleRef] = []
    private var onEnterDirective: [RuleRef] = []
    private var onLeaveDirective: [RuleRef] = []
    private var onFieldArgument: [RuleRef] = []
    private var onValue: [RuleRef] = []
    private var onNamedType: [RuleRef] = []

    func run() {
        let nesting = FragmentNesting(context: context)
        var operationIndex = 0
        var fragmentIndex = 0
        for (d, document) in context.documents.enumerated() {
            context.documentIndex = d
            context.source = document.source
            for ref in onDocument { ref { $0.enterDocument(document, context) } }
            if context.aborted { return }
            for definition in document.definitions {
                switch definition {
                case .operation:
                    let operation = context.operations[operationIndex]
                    operationIndex += 1
                    if nesting.exceeds(operation) {
                        context.abort()
                        return
                    }
                    walk(operation)
                case .fragment:
                    let fragment = context.fragments[fragmentIndex]
                    fragmentIndex += 1
                    if nesting.exceeds(fragment) {
                        context.abort()
                        return
                    }
                    walk(fragment)
                default:
                    // Type-system definitions are reported by ExecutableDefinitions only.
                    break
                }
                if context.aborted { return }
            }
        }
        for ref in onFinish { ref { $0.finish(context) } }
    }

    private func walk(_ operation: OperationEntry) {
        let definition = operation.definition
        context.typeInfo.enterOperation(definition.operation)
        for ref in onEnterOperation { ref { $0.enterOperation(operation, context) } }
        for variable in definition.variableDefinitions { walk(variable) }
        walk(definition.directives, at: DirectiveLocation(definition.operation))
        walk(definition.selectionSet, inInlineFragment: false)
        for ref in onLeaveOperation { ref { $0.leaveOperation(operation, context) } }
        context.typeInfo.leaveTypedDefinition()
    }

    private func walk(_ fragment: FragmentEntry) {
        let definition = fragment.definition
        context.typeInfo.enterFragmentDefinition(definition.typeCondition)
        for ref in onEnterFragment { ref { $0.enterFragment(fragment, context) } }
        for ref in onNamedType { ref { $0.enterNamedType(definition.typeCondition, context) } }
        walk(definition.directives, at: .fragmentDefinition)
        walk(definition.selectionSet, inInlineFragment: false)
        for ref in onLeaveFragment { ref { $0.leaveFragment(fragment, context) } }
        context.typeInfo.leaveTypedDefinition()
    }

    private func walk(_ variable: VariableDefinition) {
        context.typeInfo.enterVariableDefinition(variable.type)
        for ref in onVariableDefinition { ref { $0.enterVariableDefinition(variable, context) } }
        if !onNamedType.isEmpty {
            let name = variable.type.namedType
            for ref in onNamedType { ref { $0.enterNamedType(name, context) } }
        }
        if let value = variable.defaultValue {
            for ref in onValue { ref { $0.enterValue(value, context) } }
        }
        walk(variable.directives, at: .variableDefinition)
        context.typeInfo.leaveVariableDefinition()
    }

    private func walk(_ selectionSet: SelectionSet, inInlineFragment: Bool) {
        context.typeInfo.enterSelectionSet()
        for ref in onSelectionSet { ref { $0.enterSelectionSet(selectionSet, inInlineFragment: inInlineFragment, context) } }
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field): walk(field)
            case .fragmentSpread(let spread):
                for ref in onFragmentSpread { ref { $0.enterFragmentSpread(spread, context) } }
                walk(spread.directives, at: .fragmentSpread)
            case .inlineFragment(let inline):
                context.typeInfo.enterInlineFragment(inline.typeCondition)
                for ref in onInlineFragment { ref { $0.enterInlineFragment(inline, context) } }
                if let condition = inline.typeCondition {
                    for ref in onNamedType { ref { $0.enterNamedType(condition, context) } }
                }
                walk(inline.directives, at: .inlineFragment)
                walk(inline.selectionSet, inInlineFragment: true)
                context.typeInfo.leaveTypedDefinition()
            }
        }
        context.typeInfo.leaveSelectionSet()
    }

    private func walk(_ field: Field) {
        context.typeInfo.enterField(field.name.value)
        for ref in onEnterField { ref { $0.enterField(field, context) } }
        for argument in field.arguments {
            context.typeInfo.enterArgument(argument.name.value)
            for ref in onFieldArgument { ref { $0.enterFieldArgument(argument, of: field, context) } }
            for ref in onValue { ref { $0.enterValue(argument.value, context) } }
            context.typeInfo.leaveArgument()
        }
        walk(field.directives, at: .field)
        if let selectionSet = field.selectionSet { walk(selectionSet, inInlineFragment: false) }
        for ref in onLeaveField { ref { $0.leaveField(field, context) } }
        context.typeInfo.leaveField()
    }

    private func walk(_ directives: [Directive], at location: DirectiveLocation) {
        for directive in directives {
            context.typeInfo.enterDirective(directive.name.value)
            for ref in onEnterDirective { ref { $0.enterDirective(directive, location: location, context) } }
            for argument in directive.arguments {
                context.typeInfo.enterArgument(argument.name.value)
                for ref in onValue { ref { $0.enterValue(argument.value, context) } }
                context.typeInfo.leaveArgument()
            }
            for ref in onLeaveDirective { ref { $0.leaveDirective(directive, context) } }
            context.typeInfo.leaveDirective()
        }
    }
}

extension DirectiveLocation {
    init(_ operation: OperationType) {
        switch operation {
        case .query: self = .query
        case .mutation: self = .mutation
        case .subscription: self = .subscription
        }
    }
}

/// How deep each definition nests once its spreads are followed (graphql-core's
/// `FragmentNestingVisitor`), computed without recursion; a spread closing a cycle adds nothing.
/// A fragment whose text has no `.` spreads nothing, and one with no more `{` than the limit
/// cannot nest past it: such fragments (most) are not walked unless another spreads them.
struct FragmentNesting {
    /// By fragment id, for the definition a name refers to (the last of that name).
    private var depths: [Int]
    private let active: Bool
    private let context: ValidationContext

    init(context: ValidationContext) {
        self.context = context
        let count = context.fragments.count
        self.active = count > 0
        self.depths = [Int](repeating: -1, count: count)
        guard active else { return }
        // Each name once, in first-definition order, standing for its last definition.
        var roots: [Int] = []
        var seenRoot = [Bool](repeating: false, count: count)
        var nestings = [(depth: Int, spreads: [(Int, Int)])?](repeating: nil, count: count)
        func nesting(_ id: Int) -> (depth: Int, spreads: [(Int, Int)]) {
            if let known = nestings[id] { return known }
            let made = Self.nesting(of: context.fragments[id].definition.selectionSet, context)
            nestings[id] = made
            return made
        }
        for fragment in context.fragments {
            guard let id = context.fragmentID(fragment.name), !seenRoot[id] else { continue }
            seenRoot[id] = true
            let entry = context.fragments[id]
            let range = entry.definition.range
            if !ValidationContext.mentionsSpread(entry.source, range)
                && ValidationContext.count(of: 0x7B, in: entry.source, range, upTo: ValidationWalker.maxNestingDepth + 1)
                    <= ValidationWalker.maxNestingDepth
            {
                continue
            }
            roots.append(id)
        }
        var onPath = [Bool](repeating: false, count: count)
        for root in roots where depths[root] < 0 {
            var path: [(id: Int, next: Int)] = [(root, 0)]
            onPath[root] = true
            while let top = path.last {
                let spreads = nesting(top.id).spreads
                var i = top.next
                var pushed = false
                while i < spreads.count {
                    let spread = spreads[i].0
                    i += 1
                    if spread >= 0 && depths[spread] < 0 && !onPath[spread] {
                        path[path.count - 1].next = i
                        path.append((spread, 0))
                        onPath[spread] = true
                        pushed = true
                        break
                    }
                }
                if pushed { continue }
                path.removeLast()
                onPath[top.id] = false
                let own = nesting(top.id)
                depths[top.id] = depth(own.depth, own.spreads)
            }
        }
    }

    private func depth(_ own: Int, _ spreads: [(Int, Int)]) -> Int {
        var result = own
        for (spread, at) in spreads where spread >= 0 { result = max(result, at + max(0, depths[spread])) }
        return result
    }

    /// The depth of a selection set (1 for its own level) and its spreads (fragment ids, -1 for
    /// unknown names) with the depth of the selection set holding each.
    private static func nesting(of selectionSet: SelectionSet, _ context: ValidationContext) -> (depth: Int, spreads: [(Int, Int)]) {
        var maxDepth = 0
        var spreads: [(Int, Int)] = []
        var stack: [(SelectionSet, Int)] = [(selectionSet, 1)]
        while let (set, depth) = stack.popLast() {
            maxDepth = max(maxDepth, depth)
            for selection in set.selections {
                switch selection {
                case .fragmentSpread(let spread): spreads.append((context.fragmentID(spread.name.value) ?? -1, depth))
                case .field(let field): if let nested = field.selectionSet { stack.append((nested, depth + 1)) }
                case .inlineFragment(let inline): stack.append((inline.selectionSet, depth + 1))
                }
            }
        }
        return (maxDepth, spreads)
    }

    func exceeds(_ operation: OperationEntry) -> Bool {
        guard active else { return false }
        let nesting = Self.nesting(of: operation.definition.selectionSet, context)
        return depth(nesting.depth, nesting.spreads) > ValidationWalker.maxNestingDepth
    }

    /// A fragment never walked here (depth -1) spreads nothing and nests within the limit.
    func exceeds(_ fragment: FragmentEntry) -> Bool {
        guard active, let id = context.fragmentID(fragment.name) else { return false }
        return depths[id] > ValidationWalker.maxNestingDepth
    }
}
