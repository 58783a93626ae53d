import BatonJSON
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `batonc fetch-schema <url>`: POSTs the introspection query and writes the server's schema as
/// SDL (`IntrospectionSDL`). Any failure (no answer, not 2xx, not JSON, introspection refused) is
/// one line and writes nothing; the file is written whole or not at all (a temporary file renamed
/// over it).
package enum FetchSchemaCommand {
    package struct Options: Sendable {
        package var url: URL
        /// `Name: value` pairs sent with the request (`Authorization`, …).
        package var headers: [(name: String, value: String)]
        /// The SDL file; nil writes to standard output.
        package var out: String?
        package var timeout: TimeInterval

        package init(url: URL, headers: [(name: String, value: String)] = [], out: String? = nil, timeout: TimeInterval = 30) {
            self.url = url
            self.headers = headers
            self.out = out
            self.timeout = timeout
        }
    }

    package enum Outcome: Sendable, Equatable {
        /// The SDL, written to `out` (or, without one, for standard output).
        case fetched(String)
        case failed(String)
    }

    package static func run(_ options: Options) -> Outcome {
        var answer = post(IntrospectionSDL.query(), options)
        // An older server rejects the newer optional parts (deprecated arguments, isOneOf): ask
        // again without them before giving up.
        if case .success(let bytes) = answer, (try? IntrospectionSDL.sdl(response: bytes)) == nil {
            if case .success(let basic) = post(IntrospectionSDL.query(basic: true), options),
                (try? IntrospectionSDL.sdl(response: basic)) != nil
            {
                answer = .success(basic)
            }
        }
        let sdl: String
        switch answer {
        case .failure(let failure):
            return .failed(failure.message)
        case .success(let bytes):
            do {
                sdl = try IntrospectionSDL.sdl(response: bytes)
            } catch {
                return .failed("\(options.url.absoluteString): \(error.message)")
            }
        }
        if let out = options.out, let problem = write(sdl, to: out) { return .failed(problem) }
        return .fetched(sdl)
    }

    /// The 2xx body of a POST of `query`, or a one-line reason.
    private static func post(_ query: String, _ options: Options) -> Result<[UInt8], FetchFailure> {
        var request = URLRequest(url: options.url, timeoutInterval: options.timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/graphql-response+json, application/json", forHTTPHeaderField: "Accept")
        for header in options.headers { request.setValue(header.value, forHTTPHeaderField: header.name) }
        let body: JSONValue = .object(JSONObject([("operationName", .string("IntrospectionQuery")), ("query", .string(query))]))
        request.httpBody = Data(JSONSerializer.bytes(body))
        let result = Exchange()
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        session.dataTask(with: request) { data, response, error in
            result.set(data, response, error)
        }.resume()
        let (data, response, error) = result.wait()
        let url = options.url.absoluteString
        if let error { return .failure(FetchFailure("no answer from \(url): \(error.localizedDescription)")) }
        guard let http = response as? HTTPURLResponse else { return .failure(FetchFailure("\(url) gave no HTTP response")) }
        let bytes = [UInt8](data ?? Data())
        guard (200...299).contains(http.statusCode) else {
            return .failure(FetchFailure("\(url) answered HTTP \(http.statusCode): \(IntrospectionSDL.snippet(bytes))"))
        }
        return .success(bytes)
    }

    /// Writes `text` beside `path` and renames it over `path`; nil when done, or why not.
    private static func write(_ text: String, to path: String) -> String? {
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try Data(text.utf8).write(to: temporary)
            guard rename(temporary.path, target.path) == 0 else {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: temporary)
                return "cannot write \(path): \(reason)"
            }
            return nil
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return "cannot write \(path): \(error.localizedDescription)"
        }
    }

    private struct FetchFailure: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// One answer from the session's queue, waited for by the command's thread.
    private final class Exchange: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var answer: (Data?, URLResponse?, (any Error)?) = (nil, nil, nil)

        func set(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?) {
            answer = (data, response, error)
            done.signal()
        }

        func wait() -> (Data?, URLResponse?, (any Error)?) {
            done.wait()
            return answer
        }
    }
}
