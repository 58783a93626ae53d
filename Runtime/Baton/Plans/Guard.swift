/// One `@include(if: $v)` (passing when `v` is true) or `@skip(if: $v)` (passing when `v` is false).
public struct Guard: Hashable, Sendable {
    public let variable: String
    public let passing: Bool

    public init(_ variable: String, passing: Bool) {
        self.variable = variable
        self.passing = passing
    }

    /// Whether the guard holds. A literal condition is settled by the compiler, so only variables
    /// reach here; an absent variable reads as false, as a null Boolean condition does.
    public func holds(_ variables: Variables) -> Bool {
        let value: Bool
        if case .bool(let flag)? = variables[variable] { value = flag } else { value = false }
        return value == passing
    }
}

/// A field's guards: alternatives of conjunctions; selected when any alternative holds all its
/// guards, always when there are no alternatives.
public struct GuardSet: Hashable, Sendable, ExpressibleByArrayLiteral {
    public let alternatives: [[Guard]]

    public init(_ alternatives: [[Guard]]) { self.alternatives = alternatives }
    public init(arrayLiteral elements: [Guard]...) { self.alternatives = elements }

    public static let always = GuardSet([])

    public func hold(_ variables: Variables) -> Bool {
        if alternatives.isEmpty { return true }
        return alternatives.contains { $0.allSatisfy { $0.holds(variables) } }
    }
}
