import Foundation

/// A scalar type a lens reads from a slot, with the zero value a non-null field reads when the store
/// has nothing it can use.
public protocol LensScalar: LensField {
    static func lensValue(_ value: Value) -> Self?
    static var lensZero: Self { get }
}

extension LensScalar {
    @inlinable public static func lensValue(_ value: Value, wrong: inout Bool) -> Self? { lensValue(value) }
    /// A built-in scalar has a zero, so a checked read reads it as a plain one.
    @MainActor public static func checkedLensValue(
        _ value: Value, at ref: Int32, in anchor: Anchor,
        wrong: inout Bool
    ) throws -> Self? {
        lensValue(value)
    }
    @inlinable public static var lensConverts: Bool { false }
    @inlinable public static var lensEmpty: Self { lensZero }
    @inlinable public static var lensNullIsUnexpected: Bool { true }
}

/// A schema ID reads as its text.
public typealias ID = String

extension String: LensScalar {
    /// A string; a number or boolean as its text.
    @inlinable public static func lensValue(_ value: Value) -> String? {
        switch value {
        case .string(let text): text
        case .int(let number): String(number)
        case .float(let number): JSONText.float(number)
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }
    @inlinable public static var lensZero: String { "" }
}

extension Int: LensScalar {
    /// An int, or a float that is a whole number.
    @inlinable public static func lensValue(_ value: Value) -> Int? {
        switch value {
        case .int(let number): number
        case .float(let number): Int(exactly: number)
        default: nil
        }
    }
    @inlinable public static var lensZero: Int { 0 }
}

extension Double: LensScalar {
    /// A float, or an int.
    @inlinable public static func lensValue(_ value: Value) -> Double? {
        switch value {
        case .float(let number): number
        case .int(let number): Double(number)
        default: nil
        }
    }
    @inlinable public static var lensZero: Double { 0 }
}

extension Bool: LensScalar {
    @inlinable public static func lensValue(_ value: Value) -> Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }
    @inlinable public static var lensZero: Bool { false }
}

/// A generated enum: one case per schema value and `unknown(String)` for a value the build did not
/// know, so reading one cannot fail. A null on a non-null enum reads `unknown("")`.
public protocol GeneratedEnum: LensScalar, Hashable, Sendable {
    init(enumText: String)
    var scalarText: String { get }
}

extension GeneratedEnum {
    @inlinable public static func lensValue(_ value: Value) -> Self? {
        if case .string(let text) = value { return Self(enumText: text) }
        return nil
    }
    @inlinable public static var lensZero: Self { Self(enumText: "") }
}

/// A custom scalar the configuration maps to a Swift type: built from the text the store keeps.
public protocol MappedScalar: LensValue {
    init?(scalarText: String)
}

extension MappedScalar {
    /// Converted at the read; a text that does not convert is one it cannot hold.
    @inlinable public static func lensValue(_ value: Value, wrong: inout Bool) -> Self? {
        if case .string(let text) = value { return Self(scalarText: text) }
        return nil
    }

    /// A non-null level: converted, or thrown (a null as a required field's, a text that does not
    /// convert as its conversion failure).
    @MainActor public static func checkedLensValue(
        _ value: Value, at ref: Int32, in anchor: Anchor,
        wrong: inout Bool
    ) throws -> Self? {
        guard let read = try anchor.convertMapped(Self.self, value, ref) else { throw anchor.requiredError(ref) }
        return read
    }

    @inlinable public static var lensConverts: Bool { true }
}

extension Decimal: MappedScalar {
    public init?(scalarText: String) {
        guard let value = Decimal(string: scalarText, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        self = value
    }
}

extension URL: MappedScalar {
    public init?(scalarText: String) {
        guard !scalarText.isEmpty, let url = URL(string: scalarText) else { return nil }
        self = url
    }
}

extension UUID: MappedScalar {
    public init?(scalarText: String) {
        guard let uuid = UUID(uuidString: scalarText) else { return nil }
        self = uuid
    }
}

extension Date: MappedScalar {
    /// An ISO 8601 date-time, with or without fractional seconds.
    public init?(scalarText: String) {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: scalarText) {
            self = date
            return
        }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let date = formatter.date(from: scalarText) else { return nil }
        self = date
    }
}
