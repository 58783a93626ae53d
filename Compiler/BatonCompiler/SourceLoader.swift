import BatonDiagnostics
import Foundation

/// Reads the files a compilation is given. A file that cannot be read becomes a diagnostic
/// without a position (`cannot read <path>: <reason>`), never a crash.
package enum SourceLoader {
    package static func load(_ path: String) -> Loaded {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failed(.error(DiagnosticCode.cannotRead(path, because: "No such file or directory"), at: [], code: .io))
        }
        if isDirectory.boolValue {
            return .failed(.error(DiagnosticCode.cannotRead(path, because: "Is a directory"), at: [], code: .io))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failed(.error(DiagnosticCode.cannotRead(path, because: "Permission denied or unreadable"), at: [], code: .io))
        }
        // Invalid UTF-8 becomes U+FFFD, which the lexer then reports at its position.
        return .loaded(Source(name: path, bytes: [UInt8](data)))
    }
}

extension SourceLoader {
    package enum Loaded: Sendable {
        case loaded(Source)
        case failed(Diagnostic)
    }
}
