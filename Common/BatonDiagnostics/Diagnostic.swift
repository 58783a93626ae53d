/// How bad a diagnostic is. Errors block output; warnings never fail a command.
package enum Severity: String, Sendable, Hashable, Comparable {
    case error
    case warning

    package static func < (a: Severity, b: Severity) -> Bool {
        a == .error && b == .warning
    }
}

/// One finding of the compiler: a message, the place it is about, and every other node
/// involved (the other operation of a duplicate name, the other field of a conflict).
package struct Diagnostic: Sendable, Hashable {
    package var severity: Severity
    package var message: String
    /// The primary location first, then the other nodes involved, in graphql-core's order.
    package var locations: [Location]
    /// The rule or check that produced it (`.fieldsOnCorrectType`, `.syntax`, ...), for tests
    /// and for editors that group findings.
    package var code: DiagnosticCode

    package init(_ severity: Severity, _ message: String, at locations: [Location], code: DiagnosticCode) {
        // The catalog is the one place a code's severity is decided.
        assert(severity == code.severity || code.severityVaries, "\(code) is reported as \(code.severity.rawValue)")
        self.severity = severity
        self.message = message
        self.locations = locations
        self.code = code
    }

    /// With the severity the catalog gives the code.
    package init(_ code: DiagnosticCode, _ message: String, at locations: [Location]) {
        self.init(code.severity, message, at: locations, code: code)
    }

    package static func error(_ message: String, at locations: [Location], code: DiagnosticCode) -> Diagnostic {
        Diagnostic(.error, message, at: locations, code: code)
    }

    package static func warning(_ message: String, at locations: [Location], code: DiagnosticCode) -> Diagnostic {
        Diagnostic(.warning, message, at: locations, code: code)
    }

    package var primaryLocation: Location? { locations.first }

    /// `path:line:column: severity: message`, 1-based, columns in characters, positioned in
    /// the file a person opens (the Swift host for marker literals).
    package func rendered(relativeTo base: String? = nil) -> String {
        guard let location = primaryLocation?.hostLocation else {
            return "\(severity.rawValue): \(message)"
        }
        let position = location.start
        return "\(Diagnostic.displayPath(location.source.name, relativeTo: base)):\(position): \(severity.rawValue): \(message)"
    }

    /// The rendered line, then one `note:` line per other node involved (the first definition
    /// of a duplicate, the other field of a conflict), the way Swift and clang print them.
    package func renderedWithNotes(relativeTo base: String? = nil) -> String {
        var lines = [rendered(relativeTo: base)]
        for location in locations.dropFirst() {
            let host = location.hostLocation
            lines.append("\(Diagnostic.displayPath(host.source.name, relativeTo: base)):\(host.start): note: related location")
        }
        return lines.joined(separator: "\n")
    }

    static func displayPath(_ path: String, relativeTo base: String?) -> String {
        guard let base, !base.isEmpty else { return path }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

extension Array where Element == Diagnostic {
    package var hasErrors: Bool { contains { $0.severity == .error } }

    /// Sorted for stable output: by host file, then position, then message.
    package func sortedForDisplay() -> [Diagnostic] {
        sorted { a, b in
            let la = a.primaryLocation?.hostLocation
            let lb = b.primaryLocation?.hostLocation
            let na = la?.source.name ?? ""
            let nb = lb?.source.name ?? ""
            if na != nb { return na < nb }
            let oa = la?.range.start ?? 0
            let ob = lb?.range.start ?? 0
            if oa != ob { return oa < ob }
            return a.message < b.message
        }
    }
}
