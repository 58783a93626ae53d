@_spi(Generated) import Baton
import BatonImage
import Foundation

// The child the kill test kills: it commits numbered batches into a store with an image at the
// path it is given, as fast as the writer takes them, until it is killed (or has committed the
// count it is given). Every batch writes every item with the batch's number, so an image of a
// batch boundary holds one number throughout.

enum Types {
    static let Query = Registry.type("Query")
    static let Item = Registry.type("Item")
}

enum Slots {
    static let generation = Registry.slot(Types.Query, "generation")
    static let items = Registry.slot(Types.Query, "items")
    static let id = Registry.slot(Types.Item, "id")
    static let batch = Registry.slot(Types.Item, "batch")
    static let text = Registry.slot(Types.Item, "text")
}

struct ItemsQuery: Baton.Operation {
    static let name = "ItemsQuery"
    static let item = Selection(
        type: Types.Item, key: ["id"],
        fields: [
            .scalar("id", key: .fixed(Slots.id), kind: .id),
            .scalar("batch", key: .fixed(Slots.batch), kind: .int),
            .scalar("text", key: .fixed(Slots.text), kind: .string),
        ])
    static let plan = Plan(
        root: Selection(
            type: Types.Query,
            fields: [
                .scalar("generation", key: .fixed(Slots.generation), kind: .int),
                .plural("items", key: .fixed(Slots.items), selection: item),
            ]))
    var variables: Variables { [:] }

    struct Data: Lens {
        let anchor: Anchor
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3, let items = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: baton-image-writer <image path> <items> [batches]\n".utf8))
    exit(2)
}
let batches = arguments.count > 3 ? Int(arguments[3]) ?? Int.max : Int.max
let environment = Environment(
    store: Store(persistence: Persistence(url: URL(fileURLWithPath: arguments[1]), version: "kill-test")))
var written = 0
environment.log = { event in
    if case .imageWritten(let count) = event { written += count }
}
FileHandle.standardOutput.write(Data("ready\n".utf8))
// A test that dies before killing this child (a sanitizer stopping it) must not leave it writing
// for ever, holding the output pipe its runner waits on: it stops once its parent is gone.
let parent = getppid()
var number = 0
while number < batches {
    guard getppid() == parent else { exit(3) }
    number += 1
    var json = #"{"data":{"generation":\#(number),"items":["#
    for index in 0..<items {
        if index > 0 { json += "," }
        json += #"{"id":"\#(index)","batch":\#(number),"text":"item \#(index) of batch \#(number), padded to take the writer a while"}"#
    }
    json += "]}}"
    do {
        try await environment.commitPayload(ItemsQuery(), Payload(json: json))
    } catch {
        FileHandle.standardError.write(Data("commit failed: \(error)\n".utf8))
        exit(1)
    }
    // Lets the image's reports reach the main actor between batches.
    await Task.yield()
}
// A bounded run waits for its batches to be on disk, then exits.
let deadline = ContinuousClock.now.advanced(by: .seconds(10))
while written < batches, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
FileHandle.standardOutput.write(Data("written \(written)\n".utf8))
