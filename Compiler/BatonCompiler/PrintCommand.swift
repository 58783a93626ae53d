import BatonDiagnostics

/// `batonc print <Operation>`: the operation's exact wire text, compact on one line, preceded by
/// `# documentId: <id>` under `persistConfig` (compiler.md §9, §10). Nothing is printed when
/// any document has an error.
public enum PrintCommand {
    public struct Output: Sendable {
        /// What goes to standard output, or nil.
        public var text: String?
        public var diagnostics: [Diagnostic]
    }

    public static func run(operation name: String, _ request: CompilationSetup.Request) -> Output {
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
