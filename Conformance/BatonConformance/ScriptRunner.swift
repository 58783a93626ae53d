@_spi(Generated) import Baton
import BatonImage
import BatonInspector
import BatonJSON
import BatonTesting
import Foundation

/// Runs one specification script (the suite's README, "Scripts"): its steps in order in one
/// environment over one store, a `ScriptedTransport` holding every request until a step answers it,
/// every expectation compared after its step and after the work the step scheduled has run. A step
/// or an expectation this runner cannot bind fails the script, naming the step; it is never skipped.
@MainActor final class ScriptRun {
    struct Failed: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// The expectation fields beside a step (`answer` is one only as a word).
    static let expectations: Set<String> = [
        "records", "reads", "notified", "phase", "fetch", "stream", "answer", "records_held", "events", "sent", "error",
    ]

    let directory: URL
    let transport = ScriptedTransport()
    /// The environment of the launch the script is in: `relaunch` ends it and makes the next.
    var environment: Environment
    let events = Events()
    /// The image's file, for a script with `"image": true`; the next launch opens it again.
    let image: Persistence?
    let buffer: Int
    let expiration: Duration?
    /// The last `check` step's answer.
    var answer: CheckAnswer?
    var handles: [String: ScriptHandle] = [:]
    var streams: [String: ScriptStream] = [:]
    /// The slots the step's batches notified, and the fields that held a value before it.
    var notified: [CommitResult.Notified] = []
    var heldBefore: Set<Field> = []

    struct Field: Hashable, CustomStringConvertible {
        var record: String
        var field: String
        var description: String { "\(record).\(field)" }
    }
    var layers: [String: (layer: OptimisticLayer, operation: GeneratedOperation, variables: Baton.Variables)] = [:]

    init(directory: URL, buffer: Int, expiration: Duration?, image: Persistence?) {
        self.directory = directory
        self.image = image
        self.buffer = buffer
        self.expiration = expiration
        environment = Self.launch(image, buffer: buffer, expiration: expiration, clock: StoreClock(), transport: transport)
        attach()
    }

    /// One launch's environment: over the image when the script has one. The clock is the script's,
    /// across launches, as a relaunch happens in the same process.
    static func launch(
        _ image: Persistence?, buffer: Int, expiration: Duration?, clock: StoreClock, transport: ScriptedTransport
    ) -> Environment {
        let store =
            image.map { Store(persistence: $0, releaseBufferSize: buffer, cacheExpiration: expiration, clock: clock) }
            ?? Store(releaseBufferSize: buffer, cacheExpiration: expiration, clock: clock)
        return Environment(store: store, transport: transport)
    }

    private func attach() {
        events.attach(to: environment)
        environment.store.batchNotified = { [unowned self] in notified += $0 }
    }

    /// `relaunch`: the environment ends (its image given back) and a new one opens the same file.
    func relaunch() throws(Failed) {
        guard let image else { throw Failed("needs an image: the script has no `\"image\": true`") }
        let clock = environment.store.clock
        environment.end()
        environment = Self.launch(image, buffer: buffer, expiration: expiration, clock: clock, transport: transport)
        attach()
    }

    /// Every field of every live record, as `notified` names them.
    func heldFields() -> Set<Field> {
        var fields: Set<Field> = []
        let store = environment.store
        for key in store.recordKeys {
            guard let record = store.record(forKey: key), !record.isDeleted else { continue }
            for field in record.exportedFields(in: store) { fields.insert(.init(record: key, field: field.key)) }
        }
        return fields
    }

    /// The script at `path` (under the directory): passed, or failed with its first failing step.
    static func run(_ path: String, in directory: URL) async -> ConformanceReport.Result {
        let script: JSONObject
        do {
            let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(path)))
            guard let object = try JSONParser.parse(bytes: bytes).objectValue else { return .failed("the script is not an object") }
            script = object
        } catch {
            return .failed("cannot read the script: \(error)")
        }
        guard let steps = script["steps"]?.arrayValue else { return .failed("the script has no `steps`") }
        let buffer = script["buffer"]?.intValue ?? 10
        let expiration = script["expiration"]?.doubleValue.map { Duration.milliseconds(Int($0 * 1000)) }
        // An image on a temporary file, removed when the script is over.
        var imageDirectory: URL?
        if script["image"]?.boolValue == true {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-spec-image-\(UUID().uuidString)")
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                return .failed("step 0: cannot make a directory for the image: \(error)")
            }
            imageDirectory = folder
        }
        let image = imageDirectory.map { Persistence(url: $0.appendingPathComponent("script.baton-image"), version: path) }
        let run = ScriptRun(directory: directory, buffer: buffer, expiration: expiration, image: image)
        defer {
            run.environment.end()
            if let imageDirectory { try? FileManager.default.removeItem(at: imageDirectory) }
        }
        for (index, step) in steps.enumerated() {
            if ProcessInfo.processInfo.environment["BATON_SPEC_TRACE"] != nil {
                FileHandle.standardError.write(Data("\(path) step \(index + 1)\n".utf8))
            }
            do {
                try await run.step(step)
            } catch {
                return .failed("step \(index + 1) \(error.reason)")
            }
        }
        return .passed
    }

    // MARK: Steps

    func step(_ value: JSONValue) async throws(Failed) {
        guard let object = value.objectValue else { throw Failed("is not an object") }
        let kinds = object.members.filter { !Self.expectations.contains($0.key) || ($0.key == "answer" && $0.value.objectValue != nil) }
        guard kinds.count == 1, let kind = kinds.first?.key, let arguments = kinds.first?.value.objectValue else {
            throw Failed("names \(kinds.count) steps (\(kinds.map(\.key).joined(separator: ", "))), not one")
        }
        let sentBefore = transport.requestCount
        events.removeAll()
        notified = []
        if object["notified"] != nil { heldBefore = heldFields() }
        var thrown: (any Error)?
        do {
            try await perform(kind, arguments)
        } catch let failed as Failed {
            throw Failed("(\(kind)): \(failed.reason)")
        } catch {
            thrown = error
        }
        await settle()
        do {
            try check(object, thrown: thrown, kind: kind)
            let sent = Array(transport.requests.dropFirst(sentBefore))
            for member in object.members where member.key != kind || member.key == "answer" {
                if member.key == "answer", member.value.objectValue != nil { continue }
                try await expect(member.key, member.value, sent: sent)
            }
        } catch {
            throw Failed("(\(kind)): \(error.reason)")
        }
    }

    /// The step's thrown error against its `error` expectation.
    func check(_ object: JSONObject, thrown: (any Error)?, kind: String) throws(Failed) {
        let expected = object["error"]?.stringValue
        switch (thrown, expected) {
        case (nil, nil): return
        case (nil, let expected?): throw Failed("expected it to throw \(expected), it threw nothing")
        case (let error?, nil):
            if kind == "revert" { return }
            throw Failed("threw \(Self.kind(of: error)) (\(error))")
        case (let error?, let expected?):
            guard Self.kind(of: error) == expected else {
                throw Failed("expected it to throw \(expected), it threw \(Self.kind(of: error)) (\(error))")
            }
        }
    }

    static func kind(of error: any Error) -> String {
        switch error {
        case let failure as Failure: failure.kind.rawValue
        case let environment as EnvironmentError where environment == .gone: "gone"
        case is FieldErrors: "fieldErrors"
        case is RequiredFieldError: "requiredField"
        case is MissingDataError: "missingData"
        default: "\(type(of: error))"
        }
    }

    func perform(_ kind: String, _ arguments: JSONObject) async throws {
        switch kind {
        case "attach":
            let operation = try operation(arguments)
            if let subscribe = operation.bound.subscribe {
                guard let name = arguments["as"]?.stringValue else { throw Failed("no `as`") }
                let stream = subscribe(environment, operation.variables)
                stream.retention = stream.retain()
                streams[name] = stream
                return
            }
            guard let attach = operation.bound.attach else { throw Failed("\(operation.name) is not a query: no handle is bound") }
            let policy = try arguments["policy"].map { (value) throws(Failed) in
                guard let name = value.stringValue, let policy = FetchPolicy(rawValue: name) else {
                    throw Failed("unknown policy \(value)")
                }
                return policy
            }
            let handle = attach(environment, operation.variables, policy ?? .storeOrNetwork)
            handle.retention = handle.retain()
            guard let name = arguments["as"]?.stringValue else { throw Failed("no `as`") }
            handles[name] = handle
            if arguments["response"] != nil || arguments["failure"] != nil {
                try await answer(handle, arguments)
            }
        case "answer":
            try await answer(try handle(arguments), arguments)
        case "refetch":
            let handle = try handle(arguments)
            try await sendAnswered(handle.operationName, handle.variables, arguments) { try await handle.refetch() }
        case "retry":
            let handle = try handle(arguments)
            handle.retry()
            if arguments["response"] != nil || arguments["failure"] != nil {
                try await answer(handle, arguments)
            }
        case "release":
            if let name = arguments["handle"]?.stringValue, let stream = streams[name] {
                stream.retention?.end()
                stream.retention = nil
                return
            }
            let handle = try handle(arguments)
            handle.retention?.end()
            handle.retention = nil
        case "collect":
            environment.collect()
        case "advance":
            guard let seconds = arguments["seconds"]?.doubleValue else { throw Failed("no `seconds`") }
            environment.store.clock.advance(by: .milliseconds(Int(seconds * 1000)))
        case "invalidate":
            environment.invalidate()
        case "revalidate":
            environment.revalidate()
        case "end":
            environment.end()
        case "commit":
            let operation = try operation(arguments)
            let payloads = try responses(arguments)
            // A fetch through the transport, its parts answered in order (the log sees one fetch).
            guard let send = operation.bound.send else {
                try await operation.bound.commit(environment, operation.variables, payloads, true)
                return
            }
            try await sendAnswered(operation.name, operation.variables, arguments) { [environment] in
                try await send(environment, operation.variables)
            }
        case "payload":
            let operation = try operation(arguments)
            try await operation.bound.commit(environment, operation.variables, try responses(arguments), false)
        case "optimistic":
            let operation = try operation(arguments)
            guard let name = arguments["as"]?.stringValue else { throw Failed("no `as`") }
            let layer = try operation.bound.applyOptimistic(environment, operation.variables, try responses(arguments)[0])
            layers[name] = (layer, operation.bound, operation.variables)
        case "resolve":
            let layer = try layer(arguments)
            guard let resolve = layer.operation.resolve else { throw Failed("no resolve is bound") }
            try await resolve(environment, layer.layer, layer.variables, try responses(arguments)[0])
        case "revert":
            _ = environment.revert(try layer(arguments).layer)
        case "relaunch":
            try relaunch()
        case "check":
            let operation = try operation(arguments)
            answer = operation.bound.check(environment, operation.variables)
        case "event":
            try await event(try stream(arguments), arguments)
        case "active":
            guard let value = arguments["value"]?.boolValue else { throw Failed("no `value`") }
            environment.isActive = value
        default:
            throw Failed("unknown step kind `\(kind)`")
        }
    }

    // MARK: Arguments

    func operation(_ arguments: JSONObject) throws(Failed) -> (name: String, bound: GeneratedOperation, variables: Baton.Variables) {
        guard let name = arguments["operation"]?.stringValue else { throw Failed("no `operation`") }
        guard let bound = GeneratedOperations.byName[name] else { throw Failed("no generated operation \(name)") }
        var variables = Self.variables(arguments["variables"])
        for declared in bound.declaredVariables where variables[declared] == nil { variables[declared] = .null }
        return (name, bound, variables)
    }

    static func variables(_ value: JSONValue?) -> Baton.Variables {
        value?.objectValue?.dictionary.mapValues(VariableValue.init(json:)) ?? [:]
    }

    func stream(_ arguments: JSONObject) throws(Failed) -> ScriptStream {
        guard let name = arguments["handle"]?.stringValue, let stream = streams[name] else {
            throw Failed("no subscription handle \(arguments["handle"].map { "\($0)" } ?? "named")")
        }
        return stream
    }

    /// Drives the handle's open stream as a server would: one event (`response`), a failure, or
    /// the completion; returns once the handle took it in.
    func event(_ stream: ScriptStream, _ arguments: JSONObject) async throws(Failed) {
        let name = stream.operationName
        let variables = stream.variables
        let open = { self.transport.driven.last { $0.request.operationName == name && $0.request.variables == variables && $0.isOpen } }
        guard await wait(until: { open() != nil }, timeout: .seconds(5)), let driven = open() else {
            throw Failed("no stream of \(name) is open to drive")
        }
        let before = (stream.deliveries(), stream.state())
        if arguments["complete"]?.boolValue == true {
            driven.complete()
        } else if let failure = arguments["failure"]?.stringValue {
            switch failure {
            case "transport": driven.fail(Offline())
            case "request": driven.fail(GraphQLErrors([ResponseError(message: "not allowed", path: nil)]))
            default: throw Failed("unknown failure `\(failure)`")
            }
        } else {
            driven.send(try responses(arguments)[0])
            guard await wait(until: { stream.deliveries() > before.0 }, timeout: .seconds(5)) else {
                throw Failed("the event of \(name) was not taken in")
            }
            return
        }
        guard await wait(until: { stream.state() != before.1 }, timeout: .seconds(5)) else {
            throw Failed("the stream of \(name) did not move after its \(arguments["complete"] != nil ? "completion" : "failure")")
        }
    }

    func handle(_ arguments: JSONObject) throws(Failed) -> ScriptHandle {
        guard let name = arguments["handle"]?.stringValue, let handle = handles[name] else {
            throw Failed("no handle \(arguments["handle"].map { "\($0)" } ?? "named")")
        }
        return handle
    }

    func layer(_ arguments: JSONObject) throws(Failed) -> (
        layer: OptimisticLayer, operation: GeneratedOperation, variables: Baton.Variables
    ) {
        guard let name = arguments["layer"]?.stringValue, let layer = layers[name] else { throw Failed("no layer named") }
        return layer
    }

    func bytes(_ path: String) throws(Failed) -> [UInt8] {
        do {
            return Array(try Data(contentsOf: directory.appendingPathComponent(path)))
        } catch {
            throw Failed("cannot read \(path)")
        }
    }

    /// `response` or `responses` as payloads.
    func responses(_ arguments: JSONObject) throws(Failed) -> [Payload] {
        if let path = arguments["response"]?.stringValue { return [Payload(try bytes(path))] }
        guard let paths = arguments["responses"]?.arrayValue, !paths.isEmpty else { throw Failed("no `response`") }
        var payloads: [Payload] = []
        for path in paths {
            guard let text = path.stringValue else { throw Failed("a response is not a path") }
            payloads.append(Payload(try bytes(text)))
        }
        return payloads
    }

    /// The response a script names `malformed`: neither data nor errors.
    static let malformed = Array(#"{"extensions":{}}"#.utf8)
    /// A request failure: errors, no data.
    static let requestFailure = Array(
        #"{"data":null,"errors":[{"message":"not allowed","path":["character"],"extensions":{"code":"FORBIDDEN"}}]}"#.utf8)

    struct Offline: Error, CustomStringConvertible {
        var description: String { "the scripted transport failed" }
    }

    // MARK: Answers

    /// Answers the handle's fetch in flight from `response`, or fails it with `failure`, and waits
    /// until the fetch is over.
    func answer(_ handle: ScriptHandle, _ arguments: JSONObject) async throws(Failed) {
        let name = handle.operationName
        let variables = handle.variables
        guard await wait(until: { self.held(name, variables) != nil }, timeout: .seconds(5)), let held = held(name, variables) else {
            throw Failed("no request of \(name) is in flight to answer")
        }
        try respond(held, arguments)
        guard await wait(until: { !handle.fetch().isInFlight }, timeout: .seconds(5)) else {
            throw Failed("the fetch of \(name) is still in flight after its answer")
        }
    }

    func respond(_ held: ScriptedTransport.Held, _ arguments: JSONObject) throws(Failed) {
        if let failure = arguments["failure"]?.stringValue {
            switch failure {
            case "transport": held.refuse(Offline())
            case "request": held.respond(Self.requestFailure)
            case "malformed": held.respond(Self.malformed)
            default: throw Failed("unknown failure `\(failure)`")
            }
        } else {
            held.respond(parts: try responses(arguments))
        }
    }

    func held(_ name: String, _ variables: Baton.Variables) -> ScriptedTransport.Held? {
        transport.held.last { $0.request.operationName == name && !$0.isAnswered && $0.request.variables == variables }
    }

    /// Runs `send` (a fetch, a mutation or a refetch through the transport), answers its request as
    /// the step's arguments say, and returns when it returned or throws what it threw.
    func sendAnswered(
        _ name: String, _ variables: Baton.Variables, _ arguments: JSONObject, _ send: @escaping @MainActor () async throws -> Void
    ) async throws {
        final class Done { var value = false }
        let done = Done()
        let task = Task { @MainActor in
            defer { done.value = true }
            try await send()
        }
        _ = await wait(until: { done.value || self.held(name, variables) != nil }, timeout: .seconds(5))
        if !done.value, let held = held(name, variables) { try respond(held, arguments) }
        guard await wait(until: { done.value }, timeout: .seconds(5)) else {
            task.cancel()
            throw Failed("\(name) did not finish after its answer")
        }
        try await task.value
    }

    /// Lets the work a step scheduled (a collection pass, a commit's observers) run.
    func settle() async {
        for _ in 0..<20 { await Task.yield() }
        try? await Task.sleep(for: .milliseconds(5))
        for _ in 0..<20 { await Task.yield() }
    }

    // MARK: Expectations

    func expect(_ field: String, _ value: JSONValue, sent: [Request]) async throws(Failed) {
        switch field {
        case "error": return
        case "records":
            guard let path = value.stringValue else { throw Failed("`records` is not a path") }
            let expected: String
            do {
                expected = try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
            } catch {
                throw Failed("cannot read \(path)")
            }
            if let difference = StoreDumpComparison.difference(
                dump: StoreExport.text(of: environment.store), expected: expected, caseName: path)
            {
                throw Failed("records: \(difference)")
            }
        case "answer":
            guard let expected = value.stringValue else { throw Failed("`answer` is not memory, image or miss") }
            guard let answer else { throw Failed("answer: no `check` step ran") }
            guard answer.rawValue == expected else { throw Failed("answer: expected \(expected), the check answered \(answer.rawValue)") }
        case "records_held":
            let held = environment.store.recordKeys.sorted()
            let expected = (value.arrayValue ?? []).compactMap(\.stringValue)
            guard held == expected else {
                throw Failed("records_held: expected \(expected.joined(separator: " ")), the store holds \(held.joined(separator: " "))")
            }
        case "stream":
            for row in value.arrayValue ?? [value] {
                guard let object = row.objectValue else { throw Failed("a `stream` row is not an object") }
                try expectStream(try stream(object), object)
            }
        case "phase", "fetch":
            for row in value.arrayValue ?? [value] {
                guard let object = row.objectValue else { throw Failed("a `\(field)` row is not an object") }
                let handle = try handle(object)
                if field == "phase" { try expectPhase(handle, object) } else { try expectFetch(handle, object) }
            }
        case "sent":
            let expected = value.arrayValue ?? []
            let actual = sent.map { "\($0.operationName) \(String(decoding: $0.body, as: UTF8.self))" }
            let wanted = expected.map { "\($0["operation"]?.stringValue ?? "") \($0["body"]?.stringValue ?? "")" }
            guard actual == wanted else {
                throw Failed(
                    "sent: expected \(ReadComparison.shortened(wanted.joined(separator: " | "), limit: 400)), the transport received \(ReadComparison.shortened(actual.joined(separator: " | "), limit: 400))"
                )
            }
        case "reads":
            for row in value.arrayValue ?? [] {
                try expectRead(row)
            }
        case "events":
            let actual = events.all.map(Self.spelled)
            let expected = value.arrayValue ?? []
            let matches =
                actual.count == expected.count
                && zip(actual, expected).allSatisfy { actual, expected in
                    if let name = expected.stringValue { return actual.name == name }
                    guard let object = expected.objectValue, let member = object.members.first else { return false }
                    return member.key == actual.name
                        && (member.value.objectValue?.members ?? []).allSatisfy { actual.fields[$0.key] == Self.text($0.value) }
                }
            guard matches else {
                throw Failed(
                    "events: expected \(ReadComparison.spelled(value)), the log had [\(actual.map { "\($0.name)\($0.fields.sorted { $0.key < $1.key })" }.joined(separator: ", "))]"
                )
            }
        case "notified":
            let actual = Set(notified.map { Field(record: $0.record, field: $0.field) }).intersection(heldBefore)
            let expected = Set(
                (value.arrayValue ?? []).map {
                    Field(record: $0["record"]?.stringValue ?? "", field: $0["field"]?.stringValue ?? "")
                })
            guard actual == expected else {
                let spell = { (fields: Set<Field>) in "[" + fields.map(\.description).sorted().joined(separator: ", ") + "]" }
                throw Failed("notified: expected \(spell(expected)), the batches notified \(spell(actual))")
            }
        default:
            throw Failed("the `\(field)` expectation is not bound by this runner")
        }
    }

    func expectPhase(_ handle: ScriptHandle, _ row: JSONObject) throws(Failed) {
        guard let expected = row["phase"] else { throw Failed("a phase row has no `phase`") }
        let kind = handle.phaseKind().rawValue
        let wanted = expected.stringValue ?? expected["failed"]?.stringValue ?? "?"
        let actual = kind
        guard actual == wanted else { throw Failed("phase of \(row["handle"]?.stringValue ?? ""): expected \(wanted), it is \(actual)") }
        if let refreshing = row["isRefreshing"]?.boolValue, refreshing != handle.isRefreshing() {
            throw Failed("isRefreshing of \(row["handle"]?.stringValue ?? ""): expected \(refreshing)")
        }
        if let stale = row["isStale"]?.boolValue, stale != handle.isStale() {
            throw Failed("isStale of \(row["handle"]?.stringValue ?? ""): expected \(stale)")
        }
    }

    func expectFetch(_ handle: ScriptHandle, _ row: JSONObject) throws(Failed) {
        guard let expected = row["fetch"] else { throw Failed("a fetch row has no `fetch`") }
        let wanted = expected.stringValue ?? expected["failed"].map { "failed \($0.stringValue ?? "")" } ?? "?"
        let actual =
            switch handle.fetch() {
            case .idle: "idle"
            case .inFlight: "inFlight"
            case .failed(let failure, _): "failed \(failure.kind.rawValue)"
            }
        guard actual == wanted else { throw Failed("fetch of \(row["handle"]?.stringValue ?? ""): expected \(wanted), it is \(actual)") }
    }

    /// A `stream` row: the state, and `events` and `resumptions` when the row gives them.
    func expectStream(_ stream: ScriptStream, _ row: JSONObject) throws(Failed) {
        let name = row["handle"]?.stringValue ?? ""
        guard let expected = row["stream"], let wanted = ScriptStream.spelled(expected) else {
            throw Failed("a stream row has no `stream` state")
        }
        let actual = ScriptStream.spelled(stream.state())
        guard actual == wanted else { throw Failed("stream of \(name): expected \(wanted), it is \(actual)") }
        if let events = row["events"]?.intValue, events != stream.events() {
            throw Failed("stream of \(name): expected \(events) events, it counted \(stream.events())")
        }
        if let resumptions = row["resumptions"]?.intValue, resumptions != stream.resumptions() {
            throw Failed("stream of \(name): expected \(resumptions) resumptions, it counted \(stream.resumptions())")
        }
    }

    func expectRead(_ row: JSONValue) throws(Failed) {
        guard let object = row.objectValue, let path = object["path"]?.stringValue else { throw Failed("a reads row has no `path`") }
        let bound: GeneratedOperation
        let variables: Baton.Variables
        var data: Any?
        if object["handle"] != nil {
            let handle = try handle(object)
            guard let operation = GeneratedOperations.byName[handle.operationName] else {
                throw Failed("no generated operation \(handle.operationName)")
            }
            (bound, variables) = (operation, handle.variables)
            data = handle.data()
        } else {
            let operation = try operation(object)
            (bound, variables) = (operation.bound, operation.variables)
        }
        guard let expected = object["value"] else { throw Failed("read \(path): a row without `value` is not bound by this runner") }
        let read: JSONValue?
        do {
            read = try bound.read(environment, variables, path, nil, data)
        } catch is ReadIndexError where expected == .null {
            // An element the list no longer has reads as absent (`connections` step 3: the
            // refetched first page replaced the merged edges). Other rows still fail on it.
            read = .null
        } catch {
            throw Failed("read \(path): \(error)")
        }
        guard let read else { throw Failed("read \(path): no generated lens accessor is bound to this path") }
        guard ReadComparison.matches(read, expected) else {
            throw Failed("read \(path): expected \(ReadComparison.spelled(expected)), the lens read \(ReadComparison.spelled(read))")
        }
    }

    /// A log event as a script names it: its name and its value-free fields as text.
    static func spelled(_ event: LogEvent) -> (name: String, fields: [String: String]) {
        switch event {
        case .fetchStarted(let operation): ("fetchStarted", ["operation": operation])
        case .fetchCompleted(let operation, _): ("fetchCompleted", ["operation": operation])
        case .fetchFailed(let operation, let kind): ("fetchFailed", ["operation": operation, "kind": kind.rawValue])
        case .fieldError(let operation, let path): ("fieldError", ["operation": operation, "path": path])
        case .committed(let kind, let changed): ("committed", ["kind": "\(kind)", "changed": "\(changed)"])
        case .missing(let type, let field): ("missing", ["type": type, "field": field])
        case .unexpected(let type, let field): ("unexpected", ["type": type, "field": field])
        case .requiredFieldMissing(let type, let path): ("requiredFieldMissing", ["type": type, "path": path])
        case .partDropped(let path): ("partDropped", ["path": path])
        case .ambiguousIdentity: ("ambiguousIdentity", [:])
        case .imageOpened: ("imageOpened", [:])
        case .imageUnavailable: ("imageUnavailable", [:])
        case .imageWritten(let batches): ("imageWritten", ["batches": "\(batches)"])
        case .imageWriteFailed: ("imageWriteFailed", [:])
        }
    }

    static func text(_ value: JSONValue) -> String {
        value.stringValue ?? value.intValue.map(String.init) ?? value.boolValue.map { "\($0)" } ?? ReadComparison.spelled(value)
    }
}

extension Error {
    fileprivate var reason: String { (self as? ScriptRun.Failed)?.reason ?? "\(self)" }
}
