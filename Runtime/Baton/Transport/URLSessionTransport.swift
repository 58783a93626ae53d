import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The built-in HTTP transport: POSTs each request's standard encoding to one URL and streams the
/// answer back as it arrives, through one `URLSession` whose delegate routes each task's bytes.
///
/// - `application/json` (or any other 2xx body): one payload.
/// - `multipart/mixed` (`@defer`, `@stream`): each part a payload, in order (`MultipartParser`).
/// - `text/event-stream` (graphql-sse, distinct connections; a subscription asks for it): each
///   `next` event a payload; `complete` ends the stream (`EventStreamParser`).
///
/// A response outside 2xx fails with `TransportError(statusCode:body:)`, except an
/// `application/graphql-response+json` one whose body is errors and no data, which fails as the
/// request error it is (`Failure` of kind `request`). A failure with no complete response has status
/// 0 and a body that says what happened. `credentials` is read for every request (every attempt of a
/// wrapper), so a rotated token needs no new transport. Cancelling the stream cancels the request.
public struct URLSessionTransport: Transport {
    /// Headers for one attempt (`["Authorization": "Bearer …"]`).
    public typealias Credentials = @Sendable () async throws -> [String: String]

    /// Which requests ask for an event stream (graphql-sse) rather than JSON or multipart.
    public enum EventStreams: Sendable, Hashable {
        case subscriptions
        /// Every request, queries and mutations too (one `next`, then `complete`).
        case everything
    }

    /// The Accept headers of design §17.
    public enum Accept {
        public static let single = "application/graphql-response+json, application/json"
        public static let parts = "multipart/mixed; deferSpec=20220824, application/graphql-response+json, application/json"
        public static let events = "text/event-stream"
    }

    public let url: URL
    private let credentials: Credentials
    private let encoding: Encoding
    private let eventStreams: EventStreams
    private let connection: SessionConnection

    /// `timeout` is how long the connection may stay silent (no byte) before the request fails;
    /// an open subscription needs it longer than the server's heartbeat (graphql-sse: 15 s).
    public init(
        url: URL, credentials: @escaping Credentials = { [:] }, encoding: Encoding = .standard,
        eventStreams: EventStreams = .subscriptions, timeout: Duration = .seconds(60)
    ) {
        self.url = url
        self.credentials = credentials
        self.encoding = encoding
        self.eventStreams = eventStreams
        self.connection = SessionConnection(timeout: timeout)
    }

    public func send(_ request: Request) -> AsyncThrowingStream<Payload, any Error> {
        let asEvents = eventStreams == .everything || request.kind == .subscription
        let accept = asEvents ? Accept.events : request.answersInParts ? Accept.parts : Accept.single
        let body = Data(encoding.encode(request))
        let (url, credentials, connection) = (url, credentials, connection)
        return AsyncThrowingStream { continuation in
            let exchange = Exchange(continuation, describing: "POST \(url.absoluteString) (\(request.operationName))")
            let start = Task {
                let headers: [String: String]
                do {
                    headers = try await credentials()
                } catch {
                    continuation.finish(throwing: error)
                    return
                }
                var urlRequest = URLRequest(url: url)
                urlRequest.httpMethod = "POST"
                urlRequest.httpBody = body
                urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
                urlRequest.setValue(accept, forHTTPHeaderField: "Accept")
                for (name, value) in headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
                connection.start(urlRequest, exchange)
            }
            continuation.onTermination = { _ in
                start.cancel()
                connection.end(exchange)
            }
        }
    }

    /// Classifies a complete response outside 2xx: the request error of an
    /// `application/graphql-response+json` body with errors and no data, or a `TransportError`.
    static func failure(status: Int, contentType: String?, body: [UInt8]) -> any Error {
        if MediaType.essence(contentType ?? "") == "application/graphql-response+json",
            let errors = Ingest.requestErrors(body)
        {
            return Failure(.request, GraphQLErrors(errors))
        }
        return TransportError(statusCode: status, body: body)
    }
}

/// One `URLSession` and the exchanges its tasks belong to. The session holds its delegate (the
/// router) strongly, not this object, so the last transport copy going away invalidates it.
private final class SessionConnection: @unchecked Sendable {
    let router = Router()
    let session: URLSession

    init(timeout: Duration) {
        let configuration = URLSessionConfiguration.ephemeral
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = .infinity
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let queue = OperationQueue()
        // One delegate call at a time: an exchange's parser state is touched only there.
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: router, delegateQueue: queue)
    }

    deinit { session.invalidateAndCancel() }

    func start(_ request: URLRequest, _ exchange: Exchange) {
        let task = session.dataTask(with: request)
        // The stream may have ended while credentials were read: then the task never starts.
        guard exchange.attach(task) else { return }
        router.add(task.taskIdentifier, exchange)
        task.resume()
    }

    func end(_ exchange: Exchange) {
        if let task = exchange.detach() {
            router.remove(task.taskIdentifier)
            task.cancel()
        }
    }
}

/// The session's delegate: hands each task's events to its exchange.
private final class Router: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]

    func add(_ id: Int, _ exchange: Exchange) { lock.withLock { exchanges[id] = exchange } }
    func remove(_ id: Int) { _ = lock.withLock { exchanges.removeValue(forKey: id) } }
    private func exchange(_ id: Int) -> Exchange? { lock.withLock { exchanges[id] } }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let exchange = exchange(dataTask.taskIdentifier) else { return completionHandler(.cancel) }
        completionHandler(exchange.received(response) ? .allow : .cancel)
        if exchange.isDone { end(dataTask) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let exchange = exchange(dataTask.taskIdentifier) else { return }
        exchange.received(data)
        if exchange.isDone { end(dataTask) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = exchange(task.taskIdentifier) else { return }
        remove(task.taskIdentifier)
        exchange.completed(error)
    }

    /// An exchange that finished before its body did (a `complete` event, a malformed part):
    /// the rest of the body is not wanted.
    private func end(_ task: URLSessionDataTask) {
        remove(task.taskIdentifier)
        task.cancel()
    }
}

/// One request's answer as it arrives: how its body is read, and the stream it feeds. Its methods
/// are called on the session's serial delegate queue; `attach`/`detach` from anywhere.
private final class Exchange: @unchecked Sendable {
    private enum Reading {
        case waiting
        /// A single body, kept whole: 2xx JSON, or a failure's body.
        case whole(status: Int, contentType: String?, body: [UInt8])
        case parts(status: Int, MultipartParser)
        case events(status: Int, EventStreamParser)
        case done
    }

    /// A whole body larger than this fails rather than filling memory.
    static let maximumBodySize = MultipartParser.defaultMaximumPartSize

    private let continuation: AsyncThrowingStream<Payload, any Error>.Continuation
    private let describing: String
    private var reading = Reading.waiting
    private var received = 0
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var ended = false

    init(_ continuation: AsyncThrowingStream<Payload, any Error>.Continuation, describing: String) {
        self.continuation = continuation
        self.describing = describing
    }

    var isDone: Bool {
        if case .done = reading { true } else { false }
    }

    /// Keeps the task to cancel; false when the stream already ended.
    func attach(_ task: URLSessionDataTask) -> Bool {
        lock.withLock {
            guard !ended else { return false }
            self.task = task
            return true
        }
    }

    /// The task, once: the stream ended.
    func detach() -> URLSessionDataTask? {
        lock.withLock {
            ended = true
            defer { task = nil }
            return task
        }
    }

    func received(_ response: URLResponse) -> Bool {
        let http = response as? HTTPURLResponse
        let status = http?.statusCode ?? 0
        let contentType = http?.value(forHTTPHeaderField: "Content-Type")
        guard (200...299).contains(status) else {
            reading = .whole(status: status, contentType: contentType, body: [])
            return true
        }
        switch MediaType.essence(contentType ?? "") {
        case "multipart/mixed":
            do {
                reading = .parts(status: status, try MultipartParser(contentType: contentType ?? ""))
            } catch {
                fail(TransportError(statusCode: status, message: "\(describing): \(error)"))
                return false
            }
        case "text/event-stream":
            reading = .events(status: status, EventStreamParser())
        default:
            reading = .whole(status: status, contentType: contentType, body: [])
        }
        return true
    }

    func received(_ data: Data) {
        received += data.count
        switch reading {
        case .waiting, .done:
            return
        case .whole(let status, let contentType, var body):
            reading = .done  // the body is uniquely held while it grows
            guard body.count + data.count <= Self.maximumBodySize else {
                fail(
                    TransportError(
                        statusCode: status,
                        message: "\(describing): the response is larger than \(Self.maximumBodySize) bytes"))
                return
            }
            body.append(contentsOf: data)
            reading = .whole(status: status, contentType: contentType, body: body)
        case .parts(let status, var parser):
            reading = .done
            do {
                let parts = try parser.feed(data)
                reading = .parts(status: status, parser)
                // An empty part carries nothing (Apollo's multipart ends with one).
                for part in parts where part.body.contains(where: { !Self.isBlank($0) }) {
                    continuation.yield(Payload(part.body))
                }
            } catch {
                fail(TransportError(statusCode: status, message: "\(describing): \(error)"))
            }
        case .events(let status, var parser):
            reading = .done
            do {
                let events = try parser.feed(data)
                reading = .events(status: status, parser)
                for event in events {
                    switch event.type {
                    case "next":
                        continuation.yield(Payload(event.data))
                    case "complete":
                        reading = .done
                        continuation.finish()
                        return
                    default:
                        continue  // graphql-sse's distinct connections send no other events
                    }
                }
            } catch {
                fail(TransportError(statusCode: status, message: "\(describing): \(error)"))
            }
        }
    }

    func completed(_ error: (any Error)?) {
        let reading = reading
        self.reading = .done
        if let error {
            let when = if case .waiting = reading { "before any response" } else { "after \(received) bytes of the response" }
            return fail(TransportError(statusCode: 0, message: "\(describing) failed \(when): \(error.localizedDescription)"))
        }
        switch reading {
        case .waiting:
            fail(TransportError(statusCode: 0, message: "\(describing) ended without a response"))
        case .done:
            return
        case .whole(let status, let contentType, let body):
            if (200...299).contains(status) {
                continuation.yield(Payload(body))
                continuation.finish()
            } else {
                fail(URLSessionTransport.failure(status: status, contentType: contentType, body: body))
            }
        case .parts(let status, let parser):
            do {
                try parser.finish()
                continuation.finish()
            } catch {
                fail(TransportError(statusCode: status == 200 ? 0 : status, message: "\(describing): \(error)"))
            }
        case .events:
            fail(TransportError(statusCode: 0, message: "\(describing): the event stream ended without a complete event"))
        }
    }

    private func fail(_ error: any Error) {
        reading = .done
        continuation.finish(throwing: error)
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
}
