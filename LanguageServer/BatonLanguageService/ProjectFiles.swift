import BatonCompiler
import BatonConfig
import BatonDiagnostics
import BatonEmit
import BatonIR
import BatonSchema
import Foundation

/// A project's host files, each found and parsed once per text: a check or request after an
/// edit parses only the edited file, and checks and requests over the same texts share one
/// `ProjectSnapshot`. Safe from any thread.
package final class ProjectFiles: @unchecked Sendable {
    struct Entry: Sendable {
        var file: ParsedHostFile
        var links: [DocumentLinks]
    }

    private let lock = NSLock()
    private var parsed: [String: Entry] = [:]
    private var last: ProjectSnapshot?
    private var _parseCount = 0

    package init() {}

    /// How many files have been parsed so far (a cached text is not parsed again).
    package var parseCount: Int { lock.withLock { _parseCount } }

    /// The project as `files` (every host file, sorted as `ProjectSources` gives them) make it.
    /// A file whose text is the one parsed before (the same `Source`, or an equal text) is not
    /// parsed again; files no longer listed are forgotten.
    package func snapshot(of files: [Source]) -> ProjectSnapshot {
        var found: [Entry?] = []
        found.reserveCapacity(files.count)
        var missing: [Int] = []
        lock.lock()
        for (position, file) in files.enumerated() {
            if let cached = parsed[file.name], cached.file.source === file || cached.file.source.utf8 == file.utf8 {
                found.append(cached)
            } else {
                found.append(nil)
                missing.append(position)
            }
        }
        lock.unlock()
        // Parsed outside the lock (a request may run while a check parses), on every core
        // when there are many (the first check of a project parses all of it).
        let lanes = missing.count >= 32 ? max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8)) : 1
        let parts = ParsedParts()
        let positions = missing
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            var done: [(Int, Entry)] = []
            for position in stride(from: lane, to: positions.count, by: lanes).map({ positions[$0] }) {
                let file = Compilation.parse(files[position])
                done.append((position, Entry(file: file, links: file.parses.map { DocumentLinks($0.document) })))
            }
            parts.add(done)
        }
        for (position, entry) in parts.all { found[position] = entry }
        let entries = found.map { $0! }

        lock.lock()
        defer { lock.unlock() }
        _parseCount += missing.count
        if missing.isEmpty, let last, last.files.count == entries.count,
            zip(last.files, entries).allSatisfy({ $0.source === $1.file.source })
        {
            return last
        }
        if parsed.count != files.count || !missing.isEmpty {
            parsed = Dictionary(entries.map { ($0.file.source.name, $0) }, uniquingKeysWith: { _, new in new })
        }
        let snapshot = ProjectSnapshot(files: entries.map(\.file), links: entries.map(\.links))
        last = snapshot
        return snapshot
    }
}

/// The parsed host files of a project at one moment, and what is derived from them, each
/// computed on first use and then kept: each file's compilation (for its diagnostics), the
/// index of documents (for completion, navigation and symbols) and the IR program (for
/// hover's lens accessors).
package final class ProjectSnapshot: @unchecked Sendable {
    package let files: [ParsedHostFile]
    private let scope: CheckScope
    private let compilationLock = NSLock()
    private var compilations: [String: CompilationResult] = [:]
    private let indexLock = NSLock()
    private var _index: ProjectIndex?
    private let programLock = NSLock()
    private var _program: IRProgram?

    init(files: [ParsedHostFile], links: [[DocumentLinks]]) {
        self.files = files
        self.scope = CheckScope(links: links)
    }

    /// The pipeline `batonc validate` runs, over the documents that decide the diagnostics of
    /// the file named `path` (`CheckScope`): its findings located in that file are the whole
    /// project's. Nil when the snapshot has no such file.
    package func compile(forFile path: String, schema: Schema, config: BatonConfig?) -> CompilationResult? {
        guard let position = files.firstIndex(where: { $0.source.name == path }) else { return nil }
        compilationLock.lock()
        if let done = compilations[path] {
            compilationLock.unlock()
            return done
        }
        compilationLock.unlock()
        let selected = scope.documents(for: position).map { files[$0.file].keeping(documents: $0.documents) }
        let result = Compilation.run(parsed: selected, schema: schema, config: config)
        compilationLock.withLock { compilations[path] = result }
        return result
    }

    package var index: ProjectIndex {
        indexLock.withLock {
            if let _index { return _index }
            let index = ProjectIndex(parsed: files)
            _index = index
            return index
        }
    }

    /// The program lenses are built from, over every document parsed (those with syntax errors
    /// keep what parsed): hover names accessors in it.
    package func lensProgram(schema: Schema) -> IRProgram {
        programLock.withLock {
            if let _program { return _program }
            let program = LensLookup.program(documents: index.entries.map(\.document), schema: schema)
            _program = program
            return program
        }
    }
}

/// The results of a concurrent parse, gathered under a lock.
private final class ParsedParts: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [(Int, ProjectFiles.Entry)] = []

    func add(_ part: [(Int, ProjectFiles.Entry)]) { lock.withLock { parts += part } }
    var all: [(Int, ProjectFiles.Entry)] { lock.withLock { parts } }
}
