// libFuzzer target: the image's row decoder (`RowEncoding`), what reads every row and root cell
// of a SQLite image file another process, an older version or a damaged disk may have written.
// The input is a row (and, read again, a root cell) over a fixed names table; a row that decodes
// must encode to bytes that decode to the same row. The row, resolved as the opening resolves
// rows it reads ahead, is then made into records off the main actor (`ReadAheadRecords`): each
// made record holds only values the row's cells gave, and every link lands on a record of the
// made table. `scripts/fuzz image` builds and runs it.
import Baton
import BatonImage
import CFuzzDriver
import Foundation

let names = ["", "Character", "name", "Character:1", "Location", "friends", "id", "Location:2"]
let numbers = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
// The process's types and slots, as generated code registers them: a field the names table has
// and no type registers ("friends" on Location) stays unresolved, so its row is not made.
let known: [(type: TypeID, fields: [String])] = [
    (Registry.type("Character"), ["name", "friends", "id"]), (Registry.type("Location"), ["name", "id"]),
]
let registered = known.flatMap { entry in entry.fields.map { Registry.slot(entry.type, $0) } }

func name(_ number: Int) -> String? { names.indices.contains(number) ? names[number] : nil }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = RowEncoding.decodeValue(bytes, names: name)
    guard let row = RowEncoding.decode(bytes, key: "Character:1", names: name) else { return 0 }
    let encoded = RowEncoding.encode(row) { numbers[$0]! }
    guard let again = RowEncoding.decode(encoded, key: row.key, names: name) else {
        fatalError("a decoded row's encoding does not decode")
    }
    if RowEncoding.encode(again, names: { numbers[$0]! }) != encoded {
        fatalError("a decoded row does not survive encoding and decoding")
    }
    readAhead(row)
    return 0
}

/// The row resolved as the opening resolves rows read ahead, made into records (off the main
/// actor, as the opening makes them), then looked at on the main actor, where records are read.
func readAhead(_ decoded: ImageRow) {
    var row = decoded
    if let type = Registry.existingType(row.type) {
        row.resolvedType = type
        row.resolvedSlots = row.cells.map { Registry.existingSlot(type, $0.field)?.index ?? ImageRow.unresolved }
    }
    let made = ReadAheadRecords(rows: [row])
    let table = made.takeByKey()
    guard made.keys.isSubset(of: [row.key]) else { fatalError("a record was made from a row it was not given") }
    MainActor.assumeIsolated {
        let store = Store()
        for record in table.values {
            guard table[record.key] === record else { fatalError("a made record is not in the table under its key") }
            let fields = record.exportedFields(in: store)
            if made.keys.contains(record.key) {
                // Every cell's value in its slot, and nothing else.
                guard fields.count == Set(row.resolvedSlots).count else { fatalError("a made record's slots are not its row's") }
            } else if !fields.isEmpty {
                fatalError("an empty target holds values")
            }
            for field in fields {
                for target in field.value.map(linked) ?? [] where table[target.key] !== target {
                    fatalError("a link lands outside the made table")
                }
            }
        }
        // A row may link its own key, so made records can hold each other in a cycle. The store
        // breaks those when it collects records; left whole here, each input's would stay, and
        // the process would grow until libFuzzer's memory limit stopped it.
        for record in table.values { _ = record.takeContents() }
    }
}

/// The records a value links, at any depth of lists.
func linked(_ value: Value) -> [Record] {
    switch value {
    case .link(let record): [record]
    case .links(let records): records.compactMap { $0 }
    case .list(let values): values.flatMap(linked)
    default: []
    }
}

@main
enum FuzzImage {
    static func main() {
        // Registered before the first input, as generated code's are before the first read.
        precondition(registered.count == 5)
        exit(baton_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) { data, size in data.map { fuzz($0, size) } ?? 0 })
    }
}
