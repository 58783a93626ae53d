import BatonDiagnostics
import BatonHosts
import BatonSyntax
import Foundation

/// `batonc format [--check] <files>`: the GraphQL of every marker literal of Swift files and
/// of whole `.graphql`/`.gql` files printed readably, as the language server's formatting
/// does. A file with a syntax error is reported at the error and left as it is; each changed
/// file is replaced whole (written beside it, then renamed), so none is ever half written.
package enum FormatCommand {
    package struct Output: Sendable {
        /// Files that were reformatted (with `check`: that would be).
        package var changed: [String] = []
        package var diagnostics: [Diagnostic] = []
        /// How many files were read.
        package var files = 0
    }

    package static func run(paths: [String], check: Bool) -> Output {
        var output = Output()
        for path in CompilationSetup.expand(paths) {
            guard HostFile.language(ofPath: path) == .swift || HostFile.language(ofPath: path) == .graphQL else {
                output.diagnostics.append(
                    .error("\(path) is not a .swift, .graphql or .gql file", at: [], code: .host))
                continue
            }
            let host: Source
            switch SourceLoader.load(path) {
            case .failed(let diagnostic):
                output.diagnostics.append(diagnostic)
                continue
            case .loaded(let source): host = source
            }
            output.files += 1
            // Writing back a file whose bytes are not UTF-8 would replace them with U+FFFD.
            if let bytes = FileManager.default.contents(atPath: path), [UInt8](bytes) != host.utf8 {
                output.diagnostics.append(
                    .error(DiagnosticCode.cannotRead(path, because: "not valid UTF-8, left unformatted"), at: [], code: .io))
                continue
            }
            let found = LiteralFormatting.edits(in: host)
            if !found.errors.isEmpty {
                output.diagnostics.append(contentsOf: found.errors)
                continue
            }
            guard !found.edits.isEmpty else { continue }
            output.changed.append(path)
            if check { continue }
            let text = LiteralFormatting.apply(found.edits, to: host.text)
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                output.diagnostics.append(
                    .error("cannot write \(path): \(error.localizedDescription)", at: [], code: .io))
            }
        }
        return output
    }
}
