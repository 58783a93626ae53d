@_spi(Generated) import Baton
import BatonJSON
import Foundation

/// A generated operation's plan and lens with the variables a case gives, as JSON.
struct WithVariables<Base: Baton.Operation>: Baton.Operation {
    typealias Data = Base.Data
    static var name: String { Base.name }
    static var plan: Baton.Plan { Base.plan }
    let variables: Baton.Variables
}

/// A generated query with the variables a script gives: requestable, so a handle can fetch it.
struct QueryWithVariables<Base: Baton.Query>: Baton.Query {
    typealias Data = Base.Data
    static var name: String { Base.name }
    static var plan: Baton.Plan { Base.plan }
    static var document: Baton.Document { Base.document }
    let variables: Baton.Variables
}

/// A generated query that says how long its data stays fresh (`@cacheExpiration`), with the
/// variables a script gives: the handle ages it by the query's expiration, not the store's.
struct ExpiringQueryWithVariables<Base: Baton.Query & Baton.CacheExpiring>: Baton.Query, Baton.CacheExpiring {
    typealias Data = Base.Data
    static var name: String { Base.name }
    static var plan: Baton.Plan { Base.plan }
    static var document: Baton.Document { Base.document }
    static var cacheExpiration: Duration { Base.cacheExpiration }
    let variables: Baton.Variables
}

/// A generated mutation with the variables a script gives.
struct MutationWithVariables<Base: Baton.Mutation>: Baton.Mutation {
    typealias Data = Base.Data
    static var name: String { Base.name }
    static var plan: Baton.Plan { Base.plan }
    static var document: Baton.Document { Base.document }
    let variables: Baton.Variables
}

/// A generated subscription with the variables a script gives: requestable, so a handle can open it.
struct SubscriptionWithVariables<Base: Baton.Subscription>: Baton.Subscription {
    typealias Data = Base.Data
    static var name: String { Base.name }
    static var plan: Baton.Plan { Base.plan }
    static var document: Baton.Document { Base.document }
    let variables: Baton.Variables
}

/// A generated operation as the runner drives it by name: its root kind, how a case's responses
/// commit through its plan, how an optimistic layer applies, and the manifest paths its lens reads.
struct GeneratedOperation: Sendable {
    /// A manifest path with its list indices replaced by `#` (`search.#.name`), bound to the
    /// accessors that read it; `indices` are the path's indices in order.
    typealias Read<Data> = @MainActor @Sendable (_ data: Data, _ indices: [Int]) throws -> any LensReading

    let kind: Baton.OperationKind
    let commit: @MainActor @Sendable (Environment, Baton.Variables, [Payload], _ complete: Bool) async throws -> Void
    let applyOptimistic: @MainActor @Sendable (Environment, Baton.Variables, Payload) throws -> OptimisticLayer
    /// Nil when the path has no binding. The response places the path's list indices (see
    /// `ReadPath.lensIndices`). `handle` is a handle's root lens to read through (its reads heal
    /// its root); without one the read is a lens made by hand (`environment.data(for:)`).
    let read: @MainActor @Sendable (Environment, Baton.Variables, String, _ response: JSONValue?, _ handle: Any?) throws -> JSONValue?
    /// A script's `check`: the availability check's answer, without a handle.
    let check: @MainActor @Sendable (Environment, Baton.Variables) -> CheckAnswer
    /// A script's `resolve`: the server's answer replaces the layer.
    var resolve: (@MainActor @Sendable (Environment, OptimisticLayer, Baton.Variables, Payload) async throws -> Void)? = nil
    /// A query's handle, made with the policy (a script's `attach`); nil for another kind.
    var attach: (@MainActor @Sendable (Environment, Baton.Variables, FetchPolicy) -> ScriptHandle)? = nil
    /// Sends the operation through the environment's transport (a script's `commit`): a query's
    /// `fetch`, a mutation's `mutate`; nil for a subscription.
    var send: (@MainActor @Sendable (Environment, Baton.Variables) async throws -> Void)? = nil
    /// A subscription's handle (a script's `attach`); nil for another kind.
    var subscribe: (@MainActor @Sendable (Environment, Baton.Variables) -> ScriptStream)? = nil
    /// The variables the operation's document declares, for a query or a mutation: a generated value
    /// carries each, an unset one as null, so a script's variables are completed with them.
    var declaredVariables: [String] = []

    /// `$name` of each variable definition in a document's text (before its selection set).
    static func declaredVariables(of document: Baton.Document) -> [String] {
        guard case .text(let text) = document else { return [] }
        let header = text.prefix { $0 != "{" }
        return header.split(separator: "$").dropFirst().map { String($0.prefix { $0 != ":" && $0 != " " }) }
    }

    static func of<O: Baton.Operation>(_: O.Type, reads: [String: Read<O.Data>] = [:]) -> GeneratedOperation {
        GeneratedOperation(
            kind: O.plan.kind,
            commit: { environment, variables, payloads, complete in
                let operation = WithVariables<O>(variables: variables)
                if payloads.count > 1 {
                    try await environment.commitResponse(operation, parts: payloads)
                } else if complete {
                    try await environment.commitResponse(operation, payloads[0])
                } else {
                    try await environment.commitPayload(operation, payloads[0])
                }
            },
            applyOptimistic: { environment, variables, payload in
                try environment.applyOptimistic(WithVariables<O>(variables: variables), payload)
            },
            read: { environment, variables, path, response, handle in
                let (pattern, indices) = ReadPath.split(path)
                guard let read = reads[pattern] else { return nil }
                let data = handle as? O.Data ?? environment.data(for: WithVariables<O>(variables: variables))
                return try read(data, ReadPath.lensIndices(path, indices, in: response)).readJSON
            },
            check: { environment, variables in environment.check(WithVariables<O>(variables: variables)) },
            resolve: { environment, layer, variables, payload in
                _ = try await environment.resolve(layer, WithVariables<O>(variables: variables), payload)
            })
    }

    /// A query: as any operation, and a handle and a fetch for the scripts.
    static func of<O: Baton.Query>(_: O.Type, reads: [String: Read<O.Data>] = [:]) -> GeneratedOperation {
        var operation = of(WithVariables<O>.self, reads: reads)
        operation.attach = { environment, variables, policy in
            ScriptHandle(environment.handle(for: QueryWithVariables<O>(variables: variables), fetchPolicy: policy))
        }
        operation.send = { environment, variables in try await environment.fetch(QueryWithVariables<O>(variables: variables)) }
        operation.declaredVariables = declaredVariables(of: O.document)
        return operation
    }

    /// A query with its own expiration: its handle is made through a wrapper that keeps it.
    static func of<O: Baton.Query & Baton.CacheExpiring>(_: O.Type, reads: [String: Read<O.Data>] = [:]) -> GeneratedOperation {
        var operation = of(QueryWithVariables<O>.self, reads: reads)
        operation.attach = { environment, variables, policy in
            ScriptHandle(environment.handle(for: ExpiringQueryWithVariables<O>(variables: variables), fetchPolicy: policy))
        }
        return operation
    }

    /// A mutation: as any operation, and a `mutate` for the scripts.
    static func of<O: Baton.Mutation>(_: O.Type, reads: [String: Read<O.Data>] = [:]) -> GeneratedOperation {
        var operation = of(WithVariables<O>.self, reads: reads)
        operation.send = { environment, variables in _ = try await environment.mutate(MutationWithVariables<O>(variables: variables)) }
        operation.declaredVariables = declaredVariables(of: O.document)
        return operation
    }

    /// A subscription: as any operation, and a handle whose stream the script drives.
    static func of<O: Baton.Subscription>(_: O.Type, reads: [String: Read<O.Data>] = [:]) -> GeneratedOperation {
        var operation = of(WithVariables<O>.self, reads: reads)
        operation.subscribe = { environment, variables in
            ScriptStream(environment.handle(for: SubscriptionWithVariables<O>(variables: variables)))
        }
        operation.declaredVariables = declaredVariables(of: O.document)
        return operation
    }
}

/// A row's dotted path split into its pattern and list indices: `search.1.name` is
/// (`search.#.name`, [1]).
enum ReadPath {
    static func split(_ path: String) -> (pattern: String, indices: [Int]) {
        var indices: [Int] = []
        let segments = path.split(separator: ".", omittingEmptySubsequences: false).map { segment -> Substring in
            guard let index = Int(segment), !segment.hasPrefix("+") else { return segment }
            indices.append(index)
            return "#"
        }
        return (segments.joined(separator: "."), indices)
    }

    /// A path's list indices are the response's; a lens's list shows the records, without the
    /// response's null entries (a plural drops them, a connection's `nodes` drops null edges). So an
    /// index becomes the count of non-null entries before it in the response's list. Where the
    /// response does not reach (a later part's list), the indices stay as they are.
    static func lensIndices(_ path: String, _ indices: [Int], in response: JSONValue?) -> [Int] {
        guard var value = response?["data"] else { return indices }
        var lensIndices: [Int] = []
        for segment in path.split(separator: ".", omittingEmptySubsequences: false) {
            if let index = Int(segment), !segment.hasPrefix("+"), let elements = value.arrayValue {
                guard index >= 0, index < elements.count else { return indices }
                lensIndices.append(elements[..<index].count { !$0.isNull })
                value = elements[index]
            } else if let member = value[String(segment)] {
                value = member
            } else {
                return indices
            }
        }
        return lensIndices.count == indices.count ? lensIndices : indices
    }
}
