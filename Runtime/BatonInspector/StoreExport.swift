import Baton

/// The store as text, in the dump format the specification's `.store.json` files use: every record
/// by key in byte order, one a line, its fields by storage key in byte order, the type as
/// `__typename`, links as `{"__ref": key}` / `{"__refs": [...]}`, field errors under `__errors`, a
/// deleted record as `null`; a missing slot is absent.
public enum StoreExport {
    @MainActor public static func text(of store: Store) -> String {
        var out = "{\n"
        let keys = store.recordKeys.sorted(by: byteOrder)
        for (position, key) in keys.enumerated() {
            guard let record = store.record(forKey: key) else { continue }
            out.append("  ")
            out.append(JSONText.quoted(key))
            out.append(": ")
            appendRecord(record, store: store, to: &out)
            out.append(position + 1 < keys.count ? ",\n" : "\n")
        }
        out.append("}\n")
        return out
    }

    static func byteOrder(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    @MainActor static func appendRecord(_ record: Record, store: Store, to out: inout String) {
        if record.isDeleted {
            out.append("null")
            return
        }
        var members: [(String, String)] = [("__typename", JSONText.quoted(record.type.name))]
        var errors: [(String, String)] = []
        for field in record.exportedFields(in: store) {
            if let value = field.value {
                members.append((field.key, render(value)))
            }
            if let error = field.error {
                errors.append((field.key, "{\"message\": \(JSONText.quoted(error.message)), \"path\": \(JSONText.quoted(error.path))}"))
            }
        }
        if !errors.isEmpty {
            let text = errors.sorted { byteOrder($0.0, $1.0) }
                .map { JSONText.quoted($0.0) + ": " + $0.1 }.joined(separator: ", ")
            members.append(("__errors", "{" + text + "}"))
        }
        members.sort { byteOrder($0.0, $1.0) }
        out.append("{")
        out.append(members.map { JSONText.quoted($0.0) + ": " + $0.1 }.joined(separator: ", "))
        out.append("}")
    }

    @MainActor static func render(_ value: Value) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .int(let number): String(number)
        case .float(let number): JSONText.float(number)
        case .string(let text): JSONText.quoted(text)
        case .link(let record): "{\"__ref\": \(JSONText.quoted(record.key))}"
        case .links(let records):
            "{\"__refs\": ["
                + records.map { $0.map { JSONText.quoted($0.key) } ?? "null" }
                .joined(separator: ", ") + "]}"
        case .list(let values): "[" + values.map(render).joined(separator: ", ") + "]"
        }
    }
}
