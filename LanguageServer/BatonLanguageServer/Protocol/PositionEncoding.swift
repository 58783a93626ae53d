import BatonDiagnostics

/// What a `Position.character` counts, agreed in `initialize` (LSP 3.17 `PositionEncodingKind`).
package enum PositionEncoding: String, Sendable, CaseIterable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"

    /// The matching column unit of `Source`.
    package var columnUnit: ColumnUnit {
        switch self {
        case .utf8: return .utf8
        case .utf16: return .utf16
        case .utf32: return .scalars
        }
    }

    /// UTF-8 when the client offers it (no conversion: our offsets are UTF-8), otherwise the
    /// mandatory UTF-16.
    package static func negotiate(clientSupports offered: [String]) -> PositionEncoding {
        offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
    }
}
