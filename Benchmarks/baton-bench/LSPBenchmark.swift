import BatonCompiler
import BatonDiagnostics
import BatonSchema
import Foundation

/// The release `baton-lsp` as an editor sees it, over stdio on a workspace of 300 Swift files
/// (1,000 marker documents: fragments on random GitHub types, and per file a fragment on
/// `User` spread by the next file's query). Measures, medians and p95:
/// first diagnostics after `initialized` (the first open file, and all open files), completion
/// in a selection set of `User`, hover on a field, edit → published diagnostics (the adaptive
/// debounce included), rename of a fragment spread in 100 files, semantic tokens of a
/// 1,000-line Swift file, formatting a literal, a schema edit re-checking the open documents,
/// and resident memory with all 1,000 documents open.
struct LSPBenchmark {
    let root: URL
    let fileCount = 300
    /// Random-type fragments; with one `User` fragment and one query per file, 1,000 documents.
    let viewCount = 400
    let starts = 9
    let openCount = 5
    let completions = 200
    let hovers = 200
    let edits = 30
    /// Files whose query also spreads `Shared_user` (declared in the last file): the rename.
    /// They are files 150 on, away from the files the other measures open and edit.
    let sharedSpreads = 100
    let repeats = 30

    /// One generated file and where the benchmark points into it.
    struct File {
        var path: String
        var text: String
        /// Just inside the selection set of the file's `User` fragment (line, UTF-16 column).
        var selectionStart: (line: Int, character: Int)
        /// The first field of that selection set and its name.
        var firstField: (line: Int, character: Int, name: String)
    }

    func run() {
        let server = serverPath()
        let (schemaPath, schemaText) = gitHubSchema(root: root)
        var diagnostics: [Diagnostic] = []
        guard let schema = Compilation.buildSchema([Source(name: schemaPath, text: schemaText)], extensions: [], into: &diagnostics) else {
            print("GitHub's schema did not build")
            exit(1)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-bench-lsp-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try? schemaText.write(to: directory.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        try? "{\"schema\": \"schema.graphql\"}".write(to: directory.appendingPathComponent("baton.json"), atomically: true, encoding: .utf8)
        let files = writeWorkspace(schema: schema, into: directory)

        var firstFile: [Double] = []
        var allFiles: [Double] = []
        var debounce: Int?
        var startCPU: [Double] = []
        var client: LSPClient!
        for start in 0..<starts {
            client = launch(server)
            let cpuAtStart = client.serverCPUMilliseconds
            initialize(client, workspace: directory)
            let initialized = client.notify("initialized", [:] as [String: Any])
            for file in files.prefix(openCount) { open(file, in: client) }
            var times: [UInt64] = []
            for file in files.prefix(openCount) {
                guard let published = client.diagnostics(for: uri(file.path), timeout: 60) else { fail("no diagnostics for \(file.path)") }
                times.append(published.time)
            }
            firstFile.append(ms(times.min()! - initialized))
            allFiles.append(ms(times.max()! - initialized))
            if let before = cpuAtStart, let after = client.serverCPUMilliseconds { startCPU.append(after - before) }
            debounce = debounce ?? announcedDebounce(client)
            if start < starts - 1 { client.stop() }
        }

        // The last server goes on: completion and hover in the first file, the others open.
        let probe = files[0]
        let probeURI = uri(probe.path)
        client.discardReceived()
        var completionTimes: [Double] = []
        var completionCount = 0
        var cpu = client.serverCPUMilliseconds
        for _ in 0..<(completions + 10) {
            let (id, sent) = client.request("textDocument/completion", position(probeURI, probe.selectionStart))
            guard let reply = client.response(to: id) else { fail("no completion answer") }
            completionTimes.append(ms(reply.time - sent))
            completionCount = (reply.message["result"] as? [Any])?.count ?? 0
        }
        completionTimes.removeFirst(10)
        let completionCPU = perRequest(client, since: &cpu, count: completions + 10)
        var hoverTimes: [Double] = []
        var hoverText = ""
        for _ in 0..<(hovers + 10) {
            let at = (line: probe.firstField.line, character: probe.firstField.character + 1)
            let (id, sent) = client.request("textDocument/hover", position(probeURI, at))
            guard let reply = client.response(to: id) else { fail("no hover answer") }
            hoverTimes.append(ms(reply.time - sent))
            let contents = (reply.message["result"] as? [String: Any])?["contents"] as? [String: Any]
            hoverText = (contents?["value"] as? String) ?? ""
        }
        hoverTimes.removeFirst(10)
        let hoverCPU = perRequest(client, since: &cpu, count: hovers + 10)

        // Edits in the first file alone (the others closed, so no cross-file re-check runs
        // between them): a typo in a field name, then its removal.
        for file in files.prefix(openCount).dropFirst() {
            client.notify("textDocument/didClose", ["textDocument": ["uri": uri(file.path)]])
        }
        Thread.sleep(forTimeInterval: 0.3)
        client.discardReceived()
        cpu = client.serverCPUMilliseconds
        var editTimes: [Double] = []
        var version = 1
        var errorsSeen = 0
        let nameEnd = ["line": probe.firstField.line, "character": probe.firstField.character + probe.firstField.name.utf16.count]
        for _ in 0..<edits {
            for typo in [true, false] {
                version += 1
                let range: [String: Any] =
                    typo
                    ? ["start": nameEnd, "end": nameEnd]
                    : ["start": nameEnd, "end": ["line": nameEnd["line"]!, "character": nameEnd["character"]! + 2]]
                let sent = client.notify(
                    "textDocument/didChange",
                    [
                        "textDocument": ["uri": probeURI, "version": version],
                        "contentChanges": [["range": range, "text": typo ? "zz" : ""]],
                    ])
                guard let published = client.diagnostics(for: probeURI, version: version) else { fail("no diagnostics after an edit") }
                if typo {
                    editTimes.append(ms(published.time - sent))
                    let found = (published.message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
                    if found.contains(where: { ($0["message"] as? String)?.contains("\(probe.firstField.name)zz") == true }) {
                        errorsSeen += 1
                    }
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        let editCPU = perRequest(client, since: &cpu, count: 2 * edits)
        let more = measureEditorFeatures(client, files: files, directory: directory, schema: schema)
        client.stop()
        let memory = measureMemory(server: server, files: files, directory: directory)

        let delay = debounce ?? 250
        print("lsp (release \(server)): \(files.count) Swift files, 1,000 documents, GitHub schema; \(openCount) files open")
        print(
            "  debounce: adaptive, at most \(delay) ms\(debounce == nil ? " (assumed: the server did not announce it)" : " (announced by the server)")"
        )
        print("  first diagnostics after initialized, first file  (\(starts) starts): \(stats(firstFile)) (goal ≤ 150 ms)")
        print("  first diagnostics after initialized, all \(openCount) files (\(starts) starts): \(stats(allFiles))")
        print(
            "  completion in a User selection set (\(completionCount) items, \(completions) requests): \(stats(completionTimes)) (goal p95 ≤ 15 ms)"
        )
        print(
            "  hover on field \(probe.firstField.name) (\(hoverText.isEmpty ? "empty" : "\(hoverText.utf8.count) bytes"), \(hovers) requests): \(stats(hoverTimes)) (goal p95 ≤ 10 ms)"
        )
        print(
            "  edit → diagnostics shown, debounce included (\(edits) edits, \(errorsSeen) showed the error): \(stats(editTimes)) (goal ≤ 50 ms)"
        )
        for line in more { print("  " + line) }
        print("  \(memory)")
        print(
            "  server CPU (user + system, /proc): start to all first diagnostics median \(startCPU.isEmpty ? "?" : formatted(middle(startCPU))) ms; "
                + "per completion \(completionCPU) ms, per hover \(hoverCPU) ms, per edit (typo or its removal, with its check) \(editCPU) ms (means)"
        )
    }

    // MARK: Editor features

    /// Rename, semantic tokens, formatting and a schema edit, each timed from request to answer.
    private func measureEditorFeatures(_ client: LSPClient, files: [File], directory: URL, schema: Schema) -> [String] {
        var lines: [String] = []
        // Rename `Shared_user` at its declaration in the last file: its spreads are in 100 files.
        let first = files[files.count - 1]
        let sharedLine = first.text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
            $0.contains("fragment Shared_user")
        }!
        let sharedText = first.text.split(separator: "\n", omittingEmptySubsequences: false)[sharedLine]
        let sharedColumn = sharedText.utf16.distance(from: sharedText.startIndex, to: sharedText.range(of: "Shared_user")!.lowerBound) + 1
        open(first, in: client)
        var renameTimes: [Double] = []
        var renamed = 0
        for _ in 0..<repeats {
            var params = position(uri(first.path), (sharedLine, sharedColumn))
            params["newName"] = "Common_user"
            let (id, sent) = client.request("textDocument/rename", params)
            guard let reply = client.response(to: id) else { fail("no rename answer") }
            if let error = reply.message["error"] { fail("rename refused: \(error)") }
            renameTimes.append(ms(reply.time - sent))
            let changes = ((reply.message["result"] as? [String: Any])?["changes"] as? [String: Any]) ?? [:]
            renamed = changes.count
        }
        lines.append(
            "rename of a fragment spread in \(sharedSpreads) files (\(renamed) files edited): \(stats(renameTimes)) (goal ≤ 100 ms)")

        // Semantic tokens of a 1,000-line Swift file of fragments.
        var big = "import Baton\n\n"
        var generator = FragmentGenerator(schema: schema, seed: 7)
        var count = 0
        while big.split(separator: "\n").count < 1_000 {
            let fragment = generator.fragment(named: "Big\(count)_item").text
            big += "struct Big\(count) {\n    @Fragment(\"\"\"\n        \(fragment)\n        \"\"\")\n    var item: Big\(count)_item\n}\n\n"
            count += 1
        }
        let bigPath = directory.appendingPathComponent("Sources/App/Big.swift").path
        let bigLines = big.split(separator: "\n", omittingEmptySubsequences: false).count
        client.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": uri(bigPath), "languageId": "swift", "version": 1, "text": big] as [String: Any]])
        var tokenTimes: [Double] = []
        var tokenCount = 0
        for _ in 0..<(repeats + 5) {
            let (id, sent) = client.request("textDocument/semanticTokens/full", ["textDocument": ["uri": uri(bigPath)]])
            guard let reply = client.response(to: id) else { fail("no semantic tokens answer") }
            tokenTimes.append(ms(reply.time - sent))
            tokenCount = (((reply.message["result"] as? [String: Any])?["data"] as? [Any])?.count ?? 0) / 5
        }
        tokenTimes.removeFirst(5)
        lines.append(
            "semantic tokens of a \(bigLines)-line Swift file (\(tokenCount) tokens): \(stats(tokenTimes)) (goal ≤ 5 ms)")

        // Formatting one literal: the file's User fragment, written on one line.
        let probe = files[1]
        client.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": uri(probe.path), "languageId": "swift", "version": 1, "text": probe.text] as [String: Any]])
        var formatTimes: [Double] = []
        var formattedBytes = 0
        for _ in 0..<(repeats + 5) {
            let (id, sent) = client.request(
                "textDocument/rangeFormatting",
                [
                    "textDocument": ["uri": uri(probe.path)],
                    "range": [
                        "start": ["line": probe.selectionStart.line, "character": 0],
                        "end": ["line": probe.selectionStart.line, "character": 1],
                    ],
                    "options": ["tabSize": 4, "insertSpaces": true],
                ] as [String: Any])
            guard let reply = client.response(to: id) else { fail("no formatting answer") }
            formatTimes.append(ms(reply.time - sent))
            formattedBytes = ((reply.message["result"] as? [[String: Any]])?.first?["newText"] as? String)?.utf8.count ?? 0
        }
        formatTimes.removeFirst(5)
        lines.append("formatting a literal (\(formattedBytes) bytes written): \(stats(formatTimes)) (goal ≤ 5 ms)")

        // A schema edit: every open document is checked again and its diagnostics published.
        let open = [files[0].path, bigPath, probe.path]
        let schemaURL = directory.appendingPathComponent("schema.graphql")
        guard let schemaText = try? String(contentsOf: schemaURL, encoding: .utf8) else { fail("schema unreadable") }
        var schemaTimes: [Double] = []
        for round in 0..<5 {
            client.discardReceived()
            try? (schemaText + "\ntype BenchExtra\(round) { id: ID }\n").write(to: schemaURL, atomically: true, encoding: .utf8)
            let sent = client.notify(
                "workspace/didChangeWatchedFiles", ["changes": [["uri": uri(schemaURL.path), "type": 2]]])
            var latest: UInt64 = 0
            for path in open {
                guard let published = client.diagnostics(for: uri(path), timeout: 60) else { fail("no diagnostics after a schema edit") }
                latest = max(latest, published.time)
            }
            schemaTimes.append(ms(latest - sent))
        }
        try? schemaText.write(to: schemaURL, atomically: true, encoding: .utf8)
        lines.append("schema edit → \(open.count) open documents re-checked and published: \(stats(schemaTimes)) (goal ≤ 300 ms)")
        return lines
    }

    /// A fresh server with every file open (1,000 documents): its resident memory once all
    /// diagnostics are published.
    private func measureMemory(server: String, files: [File], directory: URL) -> String {
        let client = launch(server)
        defer { client.stop() }
        initialize(client, workspace: directory)
        client.notify("initialized", [:] as [String: Any])
        for file in files { open(file, in: client) }
        for file in files {
            guard client.diagnostics(for: uri(file.path), timeout: 120) != nil else { fail("no diagnostics for \(file.path)") }
        }
        let megabytes = client.serverResidentMegabytes.map { formatted($0) } ?? "?"
        return "resident memory, all \(files.count) files (1,000 documents) open: \(megabytes) MB (goal ≤ 150 MB)"
    }

    // MARK: The workspace

    private func writeWorkspace(schema: Schema, into directory: URL) -> [File] {
        var generator = FragmentGenerator(schema: schema, seed: 0x15B)
        var files: [File] = []
        var view = 0
        for index in 0..<fileCount {
            var text = "import Baton\n\n"
            let user = generator.fragment(named: "Profile\(index)_user", on: "User")
            text +=
                "struct Profile\(index) {\n    @Fragment(\"\"\"\n        \(user)\n        \"\"\")\n    var user: Profile\(index)_user\n}\n\n"
            let shared = (150..<(150 + sharedSpreads)).contains(index) ? " ...Shared_user" : ""
            let query = "query Screen\(index) { viewer { login ...Profile\((index + 1) % fileCount)_user\(shared) } }"
            text += "struct Screen\(index) {\n    @Query(#\"\"\"\n        \(query)\n        \"\"\"#)\n    var data: Screen\(index)\n}\n\n"
            let views = viewCount / fileCount + (index < viewCount % fileCount ? 1 : 0)
            for _ in 0..<views {
                let fragment = generator.fragment(named: "View\(view)_item")
                text +=
                    "struct View\(view) {\n    @Fragment(\"\"\"\n        \(fragment.text)\n        \"\"\")\n    var item: View\(view)_item\n}\n\n"
                view += 1
            }
            if index == fileCount - 1 {
                text += "struct Shared {\n    @Fragment(\"fragment Shared_user on User { login }\") var user: Shared_user\n}\n\n"
            }
            let path = directory.appendingPathComponent("Sources/App/File\(index).swift").path
            try? FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try? text.write(toFile: path, atomically: true, encoding: .utf8)

            // The User fragment is the file's fifth line: `        fragment Profile… on User { first …`.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let line = lines[4]
            guard let brace = line.range(of: "on User { ") else { fatalError("unexpected layout of \(path)") }
            let inside = line.utf16.distance(from: line.startIndex, to: brace.upperBound)
            let name = line[brace.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            files.append(File(path: path, text: text, selectionStart: (4, inside), firstField: (4, inside, String(name))))
        }
        return files
    }

    // MARK: Protocol

    private func serverPath() -> String {
        if let named = ProcessInfo.processInfo.environment["BATON_LSP"] { return named }
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("baton-lsp").path
        guard FileManager.default.isExecutableFile(atPath: beside) else {
            print("\(beside) not found: build it first (`swift build -c release --product baton-lsp`), or name one in BATON_LSP")
            exit(1)
        }
        return beside
    }

    private func launch(_ server: String) -> LSPClient {
        do { return try LSPClient(executable: server) } catch { fail("cannot start \(server): \(error)") }
    }

    private func initialize(_ client: LSPClient, workspace: URL) {
        let (id, _) = client.request(
            "initialize",
            [
                "processId": NSNull(),
                "rootUri": uri(workspace.path),
                "capabilities": ["textDocument": ["hover": ["contentFormat": ["markdown", "plaintext"]]]],
                "workspaceFolders": [["uri": uri(workspace.path), "name": "bench"]],
            ] as [String: Any])
        guard client.response(to: id) != nil else { fail("no answer to initialize") }
    }

    private func open(_ file: File, in client: LSPClient) {
        client.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": uri(file.path), "languageId": "swift", "version": 1, "text": file.text,
                ] as [String: Any]
            ])
    }

    /// The debounce the server names in its log (`… N ms after the last edit`), if it does.
    private func announcedDebounce(_ client: LSPClient) -> Int? {
        for message in client.peekReceived() where message["method"] as? String == "window/logMessage" {
            guard let text = (message["params"] as? [String: Any])?["message"] as? String,
                let range = text.range(of: #"\d+ ms\)?$"#, options: .regularExpression)
            else { continue }
            return Int(text[range].prefix { $0.isNumber })
        }
        return nil
    }

    private func position(_ uri: String, _ at: (line: Int, character: Int)) -> [String: Any] {
        ["textDocument": ["uri": uri], "position": ["line": at.line, "character": at.character]]
    }

    private func uri(_ path: String) -> String { "file://" + path }

    private func ms(_ nanoseconds: UInt64) -> Double { Double(nanoseconds) / 1_000_000 }

    private func stats(_ values: [Double]) -> String {
        let sorted = values.sorted()
        let p95 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)]
        return "median \(formatted(middle(values))) ms, p95 \(formatted(p95)) ms"
    }

    /// The server's CPU time per request since `since` (then reset to now), formatted.
    private func perRequest(_ client: LSPClient, since: inout Double?, count: Int) -> String {
        let now = client.serverCPUMilliseconds
        defer { since = now }
        guard let before = since, let now else { return "?" }
        return formatted((now - before) / Double(count))
    }

    private func fail(_ message: String) -> Never {
        print("lsp benchmark: \(message)")
        exit(1)
    }
}
