import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// The traversal events a rule listens to; the walker calls a rule only for those.
struct RuleEvents: OptionSet {
    let rawValue: UInt32

    static let document = RuleEvents(rawValue: 1 << 0)
    static let finish = RuleEvents(rawValue: 1 << 1)
    static let enterOperation = RuleEvents(rawValue: 1 << 2)
    static let leaveOperation = RuleEvents(rawValue: 1 << 3)
    static let enterFragment = RuleEvents(rawValue: 1 << 4)
    static let leaveFragment = RuleEvents(rawValue: 1 << 5)
    static let variableDefinition = RuleEvents(rawValue: 1 << 6)
    static let selectionSet = RuleEvents(rawValue: 1 << 7)
    static let enterField = RuleEvents(rawValue: 1 << 8)
    static let leaveField = RuleEvents(rawValue: 1 << 9)
    static let fragmentSpread = RuleEvents(rawValue: 1 << 10)
    static let inlineFragment = RuleEvents(rawValue: 1 << 11)
    static let enterDirective = RuleEvents(rawValue: 1 << 12)
    static let leaveDirective = RuleEvents(rawValue: 1 << 13)
    static let fieldArgument = RuleEvents(rawValue: 1 << 14)
    static let value = RuleEvents(rawValue: 1 << 15)
    static let namedType = RuleEvents(rawValue: 1 << 16)
}

/// One validation rule of the specification. A rule is a visitor: the shared walk calls it at
/// the events it listens to, in document order, with the type information of that point in
/// `context.typeInfo`. Rules are called in the order of graphql-core's `specified_rules`, so
/// findings come out in the reference implementation's order.
///
/// A base class rather than a protocol: the walker calls rules through `Unmanaged` references
/// without retaining them (a class method call on a guaranteed reference), where calling through
/// an existential retained and released the rule around every call, thousands of times a walk.
/// Each method does nothing unless a rule overrides it.
class ValidationRule {
    /// The events the rule listens to.
    var events: RuleEvents { [] }

    /// A document starts (each validated document in turn).
    func enterDocument(_ document: Document, _ context: ValidationContext) {}
    /// Every document has been walked.
    func finish(_ context: ValidationContext) {}
    func enterOperation(_ operation: OperationEntry, _ context: ValidationContext) {}
    func leaveOperation(_ operation: OperationEntry, _ context: ValidationContext) {}
    func enterFragment(_ fragment: FragmentEntry, _ context: ValidationContext) {}
    func leaveFragment(_ fragment: FragmentEntry, _ context: ValidationContext) {}
    func enterVariableDefinition(_ definition: VariableDefinition, _ context: ValidationContext) {}
    /// A selection set; `inInlineFragment` when it is an inline fragment's.
    func enterSelectionSet(_ selectionSet: SelectionSet, inInlineFragment: Bool, _ context: ValidationContext) {}
    func enterField(_ field: Field, _ context: ValidationContext) {}
    func leaveField(_ field: Field, _ context: ValidationContext) {}
    func enterFragmentSpread(_ spread: FragmentSpread, _ context: ValidationContext) {}
    func enterInlineFragment(_ inline: InlineFragment, _ context: ValidationContext) {}
    /// A directive applied at `location`.
    func enterDirective(_ directive: Directive, location: DirectiveLocation, _ context: ValidationContext) {}
    func leaveDirective(_ directive: Directive, _ context: ValidationContext) {}
    /// An argument of a field (not of a directive).
    func enterFieldArgument(_ argument: Argument, of field: Field, _ context: ValidationContext) {}
    /// A whole value in an input position: an argument's value or a variable's default value.
    /// `context.typeInfo.inputType` is the type expected there, when known.
    func enterValue(_ value: Value, _ context: ValidationContext) {}
    /// A named type in a variable's type or a type condition.
    func enterNamedType(_ name: Name, _ context: ValidationContext) {}
}
