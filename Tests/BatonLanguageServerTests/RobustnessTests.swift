import BatonJSON
import Testing

@testable import BatonLanguageServer

/// A deterministic generator, so failures reproduce.
struct Random {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

@Suite struct RobustnessTests {
    static let valid: [[UInt8]] = [
        Client.request(2, "textDocument/hover", ["textDocument": ["uri": "file:///a"], "position": ["line": 0, "character": 1]]),
        Client.notify(
            "textDocument/didOpen", ["textDocument": ["uri": "file:///a", "languageId": "graphql", "version": 1, "text": "{ a 😀 }\nx"]]),
        Client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": "file:///a", "version": 2],
                "contentChanges": [["range": ["start": ["line": 0, "character": 2], "end": ["line": 1, "character": 0]], "text": "é"]],
            ]),
        Client.notify("$/cancelRequest", ["id": 2]),
        Client.request(3, "shutdown"),
        Client.notify("textDocument/didClose", ["textDocument": ["uri": "file:///a"]]),
    ]

    /// Byte flips, cuts and splices of valid traffic delivered in random chunks: no crash, no
    /// more than one answer a frame, and document snapshots stay consistent.
    @Test func mutatedTrafficNeverBreaksTheServer() {
        var random = Random(state: 7)
        let alphabet = Array(#"{}[],:"\ 0123456789-.eEtrufalsn\u"#.utf8) + [0x00, 0x0A, 0x0D, 0xC3, 0xFF]
        for _ in 0..<400 {
            let h = Harness()
            h.initialize()
            var stream: [UInt8] = []
            for _ in 0..<8 {
                var message = Self.valid[random.below(Self.valid.count)]
                for _ in 0..<random.below(4) {
                    let at = random.below(message.count)
                    switch random.below(3) {
                    case 0: message[at] = alphabet[random.below(alphabet.count)]
                    case 1: message.remove(at: at)
                    default: message.insert(alphabet[random.below(alphabet.count)], at: at)
                    }
                }
                stream += message
            }
            // Deliver in random chunks.
            var i = 0
            while i < stream.count {
                let j = min(stream.count, i + 1 + random.below(300))
                h.server.receive(Array(stream[i..<j]))
                i = j
            }
            // Each frame (a message or a bad header) gets at most one answer.
            var framer = MessageFramer()
            let frames = framer.append(stream).count
            let answers = h.host.take().filter { if case .response = $0 { true } else { false } }
            #expect(answers.count <= frames)
            if let document = h.server.documents["file:///a"] {
                // The snapshot's line table matches its text.
                #expect(
                    document.source.lineCount == document.source.text.split(separator: "\n", omittingEmptySubsequences: false).count
                        || document.source.text.contains("\r"))
            }
        }
    }

    /// Requests reusing one id are each answered; the server never mixes them up with a
    /// cancellation of the other.
    @Test func everyReadableRequestIsAnsweredOnce() {
        let h = Harness()
        h.initialize()
        var stream: [UInt8] = []
        for id in 10..<60 { stream += Client.request(id, "baton/unknown\(id)", [:]) }
        h.server.receive(stream)
        let ids = h.host.take().compactMap { message -> RequestID? in
            if case .response(let id, .failure(let error)) = message, error.code == -32601 { return id }
            return nil
        }
        #expect(ids == (10..<60).map { .number($0) })
    }
}
