/// What a field accessor reads, as `LensBuilder` chooses it: the rule (the error directive that
/// governs the field), the element (what its slot holds) and the slot, with the arguments an element
/// takes; and the accessor's type, whose shape (lists, optionals, a `Result`) the runtime's generic
/// reads take from the declaration. `LensReadPrinter` spells both; nothing here is Swift text but
/// the names the shared file declares (slots, types, scopes).
struct LensRead: Sendable, Equatable {
    /// The runtime's entry points, one per rule (Runtime/GENERATED-CODE.md, "Reads").
    enum Rule: String, Sendable {
        /// No error directive (and `@required(action: NONE/LOG)`, whose null bubbles elsewhere).
        case read
        /// `@required(action: THROW)`, and a non-null read under `@throwOnFieldError`: throws.
        case required
        /// A nullable read that throws (a mapped scalar under `@throwOnFieldError`).
        case throwing
        /// `@catch(to: RESULT)`: a `Result`.
        case caught
        /// `@catch(to: NULL)`: nil on error.
        case nullOnError
    }

    enum Element: Sendable, Equatable {
        /// A scalar, an enum, a mapped custom scalar, or lists of them to any depth: the type says which.
        case value
        /// A link; `placeholder` (`Types.T`) for a non-null one, read on the type's placeholder
        /// without a live record.
        case link(placeholder: String?)
        /// A plural link or a list of lists of records; `scope`, the nested lens's `errorScope`,
        /// under `@catch`.
        case plural(scope: String?)
        /// A `@connection` field: the parent's client slot is the read's slot; `page`, the server's
        /// field's slot, where the rule weighs the field's own error; `type`, the connection type.
        case connection(type: String, page: String?)
    }

    var rule: Rule
    var element: Element
    var slot: String
    /// The fields the nested lens requires (`requiring: [slots…]`), spelled by `RequiredField`;
    /// nil where none is passed.
    var requiring: [String]? = nil

    /// Whether the accessor is `get throws`.
    var throwsError: Bool { rule == .required || rule == .throwing }
    /// Whether the read is under `@catch`.
    var isCaught: Bool { rule == .caught || rule == .nullOnError }
}

/// An accessor's type: a leaf (a scalar's Swift type, a nested lens's name), the `Baton.List` of a
/// plural link, and lists, optionals and a `Result` around them.
indirect enum ReadType: Sendable, Equatable {
    case named(String)
    case plural(String)
    case list(ReadType)
    case optional(ReadType)
    case result(ReadType)

    /// Optional when the condition holds.
    func optional(_ condition: Bool) -> ReadType { condition ? .optional(self) : self }

    var isOptional: Bool { if case .optional = self { true } else { false } }

    /// The type inside a `Result` and an optional.
    var value: ReadType {
        switch self {
        case .result(let inner), .optional(let inner): inner.value
        default: self
        }
    }

    /// Whether the value is a list (a plural link's `Baton.List` included).
    var isList: Bool {
        switch value {
        case .list, .plural: true
        default: false
        }
    }

    /// Whether a list's elements are optional.
    var elementsOptional: Bool { if case .list(let element) = value { element.isOptional } else { false } }
}

/// Spells a `LensRead` as the accessor's body and a `ReadType` as its Swift type.
enum LensReadPrinter {
    /// `anchor.<rule>(<element label>: slot, …)`, with `try` for a rule that throws.
    static func body(_ read: LensRead) -> String {
        var arguments: [String]
        switch read.element {
        case .value:
            arguments = [read.slot]
        case .link(let placeholder):
            arguments = ["link: " + read.slot] + (placeholder.map { [$0] } ?? [])
        case .plural(let scope):
            arguments = ["plural: " + read.slot] + (scope.map { [$0] } ?? [])
        case .connection(let type, let page):
            arguments = ["connection: " + read.slot] + (page.map { ["page: " + $0] } ?? []) + [type]
        }
        if let requiring = read.requiring {
            arguments.append("requiring: [" + requiring.joined(separator: ", ") + "]")
        }
        return (read.throwsError ? "try " : "") + "anchor.\(read.rule.rawValue)(" + arguments.joined(separator: ", ") + ")"
    }

    static func type(_ type: ReadType) -> String {
        switch type {
        case .named(let name): name
        case .plural(let lens): "Baton.List<\(lens)>"
        case .list(let element): "[" + Self.type(element) + "]"
        case .optional(let wrapped): Self.type(wrapped) + "?"
        case .result(let success): "Result<" + Self.type(success) + ", Baton.FieldErrors>"
        }
    }
}

extension LensAccessor {
    /// A field accessor reading `read` as `type`: the flags the emitter and the report use follow
    /// from the two.
    init(name: String, responseKey: String, reads: Reads, type: ReadType, read: LensRead, nested: LensModel? = nil) {
        self.init(
            name: name, responseKey: responseKey, reads: reads, swiftType: LensReadPrinter.type(type),
            read: LensReadPrinter.body(read), optional: type.isOptional, list: type.isList,
            elementsOptional: type.elementsOptional, fragment: nil, conditionType: nil, nested: nested)
        fieldRead = read
        throwing = read.throwsError
        caught = read.isCaught
    }
}
