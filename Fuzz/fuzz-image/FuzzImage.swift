// libFuzzer target: the image's row decoder (`RowEncoding`), what reads every row and root cell
// of a SQLite image file another process, an older version or a damaged disk may have written.
// The input is a row (and, read again, a root cell) over a fixed names table; a row that decodes
// must encode to bytes that decode to the same row. `scripts/fuzz image` builds and runs it.
import Baton
import BatonImage
import CFuzzDriver
import Foundation

let names = ["", "Character", "name", "Character:1", "Location", "friends", "id", "Location:2"]
let numbers = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })

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
    return 0
}

@main
enum FuzzImage {
    static func main() {
        exit(baton_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) { data, size in data.map { fuzz($0, size) } ?? 0 })
    }
}
