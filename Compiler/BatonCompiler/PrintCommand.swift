import BatonDiagnostics

/// `batonc print <Operation>`: the operation's exact wire text, compact on one line, preceded by
/// `# documentId: <id>` under `persistConfig` (README.md, "Printing what a server receives"). Nothing is printed when
/// any document has an error.
package enum PrintCommand {
    package struct Output: Sendable {
        /// What goes to standard output, or nil.
        package var text: String?
        package var diagnostics: [Diagnostic]
    }

    package static func run(operation name: String, _ request: CompilationSetup.Request) -> Output {
        let target = TargetCompilation.compile(request)
        var diagnostics = target.diagnostics
        guard !target.hasErrors else { return Output(text: nil, diagnostics: diagnostics) }
        guard let text = target.text(of: name) else {
            let known = target.transforms?.textProgram.operations.map(\.name) ?? []
            let close = known.filter { $0.lowercased() == name.lowercased() }
            let hint = close.isEmpty ? "" : " (names are case-sensitive: did you mean '\(close[0])'?)"
            diagnostics.append(.error("no operation named '\(name)' in the documents given\(hint)", at: [], code: .print))
            return Output(text: nil, diagnostics: diagnostics)
        }
        var output = ""
        if let id = target.documentID(of: text) { output += "# documentId: \(id)\n" }
        output += text + "\n"
        return Output(text: output, diagnostics: diagnostics)
    }
}
