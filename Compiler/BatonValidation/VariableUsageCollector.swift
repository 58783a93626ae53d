import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// Finds the variables an operation or a fragment uses (not inside spread fragments), each
/// with the input type of its position, in document order. Variable definitions are not
/// looked into: their default values and directives are not usages.
struct VariableUsageCollector {
    private var typeInfo: TypeInfo
    private let source: Source
    private(set) var usages: [VariableUsage] = []

    init(schema: Schema, source: Source) {
        self.typeInfo = TypeInfo(schema: schema)
        self.source = source
    }

    mutating func collect(_ operation: OperationDefinition) {
        typeInfo.enterOperation(operation.operation)
        directives(operation.directives)
        selectionSet(operation.selectionSet)
        typeInfo.leaveTypedDefinition()
    }

    mutating func collect(_ fragment: FragmentDefinition) {
        typeInfo.enterFragmentDefinition(fragment.typeCondition)
        directives(fragment.directives)
        selectionSet(fragment.selectionSet)
        typeInfo.leaveTypedDefinition()
    }

    private mutating func selectionSet(_ set: SelectionSet) {
        typeInfo.enterSelectionSet()
        for selection in set.selections {
            switch selection {
            case .field(let field):
                typeInfo.enterField(field.name.value)
                arguments(field.arguments)
                directives(field.directives)
                if let nested = field.selectionSet { selectionSet(nested) }
                typeInfo.leaveField()
            case .fragmentSpread(let spread):
                directives(spread.directives)
            case .inlineFragment(let inline):
                typeInfo.enterInlineFragment(inline.typeCondition)
                directives(inline.directives)
                selectionSet(inline.selectionSet)
                typeInfo.leaveTypedDefinition()
            }
        }
        typeInfo.leaveSelectionSet()
    }

    private mutating func directives(_ directives: [Directive]) {
        for directive in directives where !directive.arguments.isEmpty {
            typeInfo.enterDirective(directive.name.value)
            arguments(directive.arguments)
            typeInfo.leaveDirective()
        }
    }

    private mutating func arguments(_ arguments: [Argument]) {
        for argument in arguments {
            typeInfo.enterArgument(argument.name.value)
            value(argument.value)
            typeInfo.leaveArgument()
        }
    }

    private mutating func value(_ value: Value) {
        switch value.kind {
        case .variable(let name):
            usages.append(
                VariableUsage(
                    name: name, location: Location(source: source, range: value.range),
                    type: typeInfo.inputType, parentType: typeInfo.parentInputType,
                    hasDefaultValue: typeInfo.hasDefaultValue))
        case .list(let items):
            typeInfo.enterListValue()
            for item in items { self.value(item) }
            typeInfo.leaveInputPosition()
        case .object(let fields):
            for field in fields {
                typeInfo.enterObjectField(field.name.value)
                self.value(field.value)
                typeInfo.leaveInputPosition()
            }
        default:
            break
        }
    }
}
