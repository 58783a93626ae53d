import BatonDiagnostics
import BatonJSON

/// Compiler diagnostics as LSP `Diagnostic` objects. Positions are taken where a person sees
/// them (`hostLocation`: inside the Swift file for a marker literal) and counted in the
/// negotiated encoding; the other nodes involved become `relatedInformation`.
package enum LSPDiagnostic {
    /// `DiagnosticSeverity`: Error = 1, Warning = 2.
    package static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: return 1
        case .warning: return 2
        }
    }

    package static func json(_ diagnostic: Diagnostic, encoding: PositionEncoding) -> JSONValue {
        var object: JSONObject = [:]
        if let primary = diagnostic.primaryLocation?.hostLocation {
            object["range"] = PositionConverter.range(of: primary.range, in: primary.source, encoding: encoding).json
        } else {
            object["range"] = Range(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)).json
        }
        object["severity"] = .number(severity(diagnostic.severity))
        object["code"] = .string(diagnostic.code.rawValue)
        object["source"] = "baton"
        object["message"] = .string(diagnostic.message)
        let related = diagnostic.locations.dropFirst().map { location -> JSONValue in
            let host = location.hostLocation
            return [
                "location": [
                    "uri": .string(uri(ofSourceNamed: host.source.name)),
                    "range": PositionConverter.range(of: host.range, in: host.source, encoding: encoding).json,
                ],
                "message": "Also involved",
            ]
        }
        if !related.isEmpty { object["relatedInformation"] = .array(related) }
        return .object(object)
    }

    /// A source's URI from its name: absolute paths become `file://` URIs, anything else
    /// (an untitled buffer's URI, say) is already one.
    package static func uri(ofSourceNamed name: String) -> String {
        name.hasPrefix("/") ? DocumentURI.fileURI(path: name) : name
    }
}

extension LanguageServer {
    /// Publishes diagnostics for an open document's snapshot, unless the document has changed
    /// or closed since: a result computed for an outdated text is never shown. Returns whether
    /// it was sent.
    @discardableResult
    package func publishDiagnostics(_ diagnostics: [Diagnostic], for document: TextDocument) -> Bool {
        guard let current = documents[document.uri], current.source === document.source else { return false }
        sendNotification(
            "textDocument/publishDiagnostics",
            params: [
                "uri": .string(document.uri),
                "version": .number(document.version),
                "diagnostics": .array(diagnostics.map { LSPDiagnostic.json($0, encoding: positionEncoding) }),
            ])
        return true
    }

    /// Publishes diagnostics for a file that is not open (found by a workspace scan). Refused
    /// while the file is open: then its editor snapshot, not the disk, is what is checked.
    @discardableResult
    package func publishDiagnostics(_ diagnostics: [Diagnostic], forClosedFile uri: String) -> Bool {
        guard documents[uri] == nil else { return false }
        sendNotification(
            "textDocument/publishDiagnostics",
            params: [
                "uri": .string(uri),
                "diagnostics": .array(diagnostics.map { LSPDiagnostic.json($0, encoding: positionEncoding) }),
            ])
        return true
    }

    /// Clears what was published for a document (on close, or when it leaves every project).
    package func clearDiagnostics(uri: String) {
        sendNotification("textDocument/publishDiagnostics", params: ["uri": .string(uri), "diagnostics": []])
    }
}
