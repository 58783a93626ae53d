import BatonDiagnostics

/// What a file of a target is to the compiler, decided by its extension.
package enum HostFile {
    package enum Language: Sendable, Hashable {
        /// `.swift`: GraphQL lives in marker literals.
        case swift
        /// `.graphql` / `.gql`: the whole file is one document.
        case graphQL
        /// `.kt`: a Kotlin host; Baton's Swift build does not read Kotlin.
        case kotlin
    }

    /// The language of a path, or nil for a file the compiler does not read.
    package static func language(ofPath path: String) -> Language? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...] {
        case "swift": return .swift
        case "graphql", "gql": return .graphQL
        case "kt": return .kotlin
        default: return nil
        }
    }

    /// The GraphQL documents a file holds, decided by the extension of `source.name`:
    /// every marker literal of a Swift file, or the whole of a `.graphql`/`.gql` file.
    /// Other files (Kotlin included) hold none here.
    package static func documents(for source: Source) -> (documents: [HostDocument], diagnostics: [Diagnostic]) {
        switch language(ofPath: source.name) {
        case .swift:
            return SwiftHostScanner.scan(source)
        case .graphQL:
            return ([HostDocument(source: source, host: source, marker: nil)], [])
        case .kotlin, nil:
            return ([], [])
        }
    }
}
