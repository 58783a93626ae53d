import Foundation

/// A Swift value an operation passes as a variable: generated operation values write
/// `var variables: Baton.Variables { ["id": id.variable, "page": page.variable] }`.
public protocol VariableRepresentable {
    var variable: VariableValue { get }
}

extension String: VariableRepresentable { public var variable: VariableValue { .string(self) } }
extension Int: VariableRepresentable { public var variable: VariableValue { .int(self) } }
extension Double: VariableRepresentable { public var variable: VariableValue { .float(self) } }
extension Bool: VariableRepresentable { public var variable: VariableValue { .bool(self) } }
extension VariableValue: VariableRepresentable { public var variable: VariableValue { self } }

extension Optional: VariableRepresentable where Wrapped: VariableRepresentable {
    /// nil is null, which leaves the argument out of storage keys.
    public var variable: VariableValue { self?.variable ?? .null }
}

extension Array: VariableRepresentable where Element: VariableRepresentable {
    public var variable: VariableValue { .list(map(\.variable)) }
}

extension GeneratedEnum {
    public var variable: VariableValue { .string(scalarText) }
}

/// Mapped custom scalars are sent as their text.
extension Decimal: VariableRepresentable { public var variable: VariableValue { .string(description) } }
extension URL: VariableRepresentable { public var variable: VariableValue { .string(absoluteString) } }
extension UUID: VariableRepresentable { public var variable: VariableValue { .string(uuidString) } }
extension Date: VariableRepresentable {
    public var variable: VariableValue { .string(ISO8601DateFormatter().string(from: self)) }
}

/// A generated input object: its `variable` is the object of the fields that are set (a field left
/// nil is absent, not null).
public protocol InputObject: VariableRepresentable, Hashable, Sendable {}

extension InputObject {
    /// Builds the object from `(name, value)` pairs, leaving out the unset ones.
    public static func object(_ fields: [(String, VariableValue?)]) -> VariableValue {
        var members: [String: VariableValue] = [:]
        for (name, value) in fields { if let value { members[name] = value } }
        return .object(members)
    }
}

/// A box for an input object's field of its own type (self-recursive inputs).
public final class Indirect<Wrapped: Hashable & Sendable>: Hashable, Sendable {
    public let value: Wrapped

    public init(_ value: Wrapped) { self.value = value }

    public static func == (a: Indirect, b: Indirect) -> Bool { a.value == b.value }
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

extension Indirect: VariableRepresentable where Wrapped: VariableRepresentable {
    public var variable: VariableValue { value.variable }
}
