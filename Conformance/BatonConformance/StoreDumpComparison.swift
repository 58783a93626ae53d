import Foundation

/// A store's dump (StoreExport's text, one record a line) compared with a case's `.store.json`,
/// record by record, so a failure names the record that differs.
enum StoreDumpComparison {
    /// Dumps recorded by an older version, compared after the named rewrite: add-note-node-n0 keeps
    /// a mutation root field's arguments in its key, where the contract (and every other dump) keys
    /// it by name alone (`addNote`). spec/conformance/CORRECTIONS.md notes the skew.
    static let rewrites: [String: (old: String, new: String)] = [
        "tests/add-note-node-n0": (#"addNote(characterId:\"1\",text:\"Node first\")"#, "addNote")
    ]

    /// Nil when the dumps are equal; else what differs, naming the first records that do.
    static func difference(dump: String, expected recorded: String, caseName: String) -> String? {
        var expected = recorded
        if let rewrite = rewrites[caseName] {
            expected = expected.replacingOccurrences(of: rewrite.old, with: rewrite.new)
        }
        guard dump != expected else { return nil }
        let actual = records(dump)
        let wanted = records(expected)
        var differences: [String] = []
        for (key, line) in wanted.lines where actual.byKey[key] != line {
            if let got = actual.byKey[key] {
                differences.append(
                    "record \(key) differs: expected \(ReadComparison.shortened(line)), got \(ReadComparison.shortened(got))")
            } else {
                differences.append("record \(key) is missing")
            }
        }
        for (key, _) in actual.lines where wanted.byKey[key] == nil {
            differences.append("unexpected record \(key)")
        }
        if differences.isEmpty {
            // Same records, different text around them (order, trailing newline).
            return "store dump differs in layout from \(caseName).store.json"
        }
        let shown = differences.prefix(3).joined(separator: "; ")
        return differences.count > 3 ? shown + "; and \(differences.count - 3) more" : shown
    }

    /// The dump's record lines by key: a line `  "key": {…},` keyed by its JSON-quoted key.
    private static func records(_ text: String) -> (lines: [(String, String)], byKey: [String: String]) {
        var lines: [(String, String)] = []
        var byKey: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("\""), let end = keyEnd(trimmed) else { continue }
            let key = String(trimmed[trimmed.index(after: trimmed.startIndex)..<end])
            var body = trimmed[trimmed.index(after: end)...].drop { $0 == ":" || $0 == " " }
            if body.hasSuffix(",") { body.removeLast() }
            lines.append((key, String(body)))
            byKey[key] = String(body)
        }
        return (lines, byKey)
    }

    /// The closing quote of the line's key, skipping escaped quotes.
    private static func keyEnd(_ line: Substring) -> Substring.Index? {
        var index = line.index(after: line.startIndex)
        while index < line.endIndex {
            switch line[index] {
            case "\\": index = line.index(index, offsetBy: 2, limitedBy: line.endIndex) ?? line.endIndex
            case "\"": return index
            default: index = line.index(after: index)
            }
        }
        return nil
    }
}
