import BatonDiagnostics
import Foundation

/// Reads the files a compilation is given. A file that cannot be read becomes a diagnostic
/// without a position (`cannot read <path>: <reason>`), never a crash.
package enum SourceLoader {
    package static func load(_ path: String) -> Loaded {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failed(.error("cannot read \(path): No such file or directory", at: [], code: "IO"))
        }
        if isDirectory.boolValue {
            return .failed(.error("cannot read \(path): Is a directory", at: [], code: "IO"))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failed(.error("cannot read \(path): Permission denied or unreadable", at: [], code: "IO"))
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
