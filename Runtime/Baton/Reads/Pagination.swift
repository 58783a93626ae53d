import Observation

/// How a `@refetchable` fragment's generated query is driven from its lenses: the variables it
/// declares, the one that takes the origin's id (none for a fragment on the query root), and for a
/// `@connection` the count and cursor variables of each direction. The compiler writes one beside
/// each refetch query (`TestNotesPaginationQuery.pagination`).
public struct Pagination<Q: Query>: Sendable {
    public let variables: [String]
    public let id: String?
    public let forward: (count: String, cursor: String)?
    public let backward: (count: String, cursor: String)?

    public init(
        variables: [String], id: String?, forward: (count: String, cursor: String)? = nil,
        backward: (count: String, cursor: String)? = nil
    ) {
        self.variables = variables
        self.id = id
        self.forward = forward
        self.backward = backward
    }
}

/// The refetch query over variables the lens composed: the generated query's name, document and
/// plan, so the fetch, its root and its commit are the query's own.
struct PageQuery<Q: Query>: Query {
    typealias Data = Q.Data
    static var name: String { Q.name }
    static var document: Document { Q.document }
    static var plan: Plan { Q.plan }
    static var onError: ErrorBehavior? { Q.onError }
    let variables: Variables
}

/// Which way a page extends a connection.
public enum PageDirection: Sendable, Hashable {
    case next, previous
}

/// The pages in flight, observed: `isLoadingNext` re-runs the bodies that read it when a page
/// starts or lands.
@MainActor final class PageLoads: Observable {
    private let registrar = ObservationRegistrar()
    private var loading: Set<Key> = []

    struct Key: Hashable {
        let connection: ObjectIdentifier
        let direction: PageDirection
    }

    func isLoading(_ key: Key) -> Bool {
        registrar.access(self, keyPath: \.loading)
        return loading.contains(key)
    }

    /// Marks the page in flight; false when one already is (a second `loadNext` waits for nothing).
    func start(_ key: Key) -> Bool {
        guard !loading.contains(key) else { return false }
        registrar.withMutation(of: self, keyPath: \.loading) { _ = loading.insert(key) }
        return true
    }

    func finish(_ key: Key) {
        registrar.withMutation(of: self, keyPath: \.loading) { _ = loading.remove(key) }
    }
}

extension Anchor {
    /// Fetches the fragment's refetch query again with the variables the lens reads under (the
    /// fragment's arguments, the operation's variables) and the origin's id; the records update in
    /// place. Throws the fetch's failure, or `EnvironmentError.gone`.
    @MainActor public func refetch<Q: Query>(_ pagination: Pagination<Q>) async throws {
        try await fetch(pagination, overriding: [:])
    }

    /// Fetches the refetch query with new values of the fragment's arguments and returns the anchor
    /// that reads under them (a lens over it replaces the old one, which keeps reading its own).
    @MainActor public func refetch<Q: Query>(_ pagination: Pagination<Q>, with arguments: Variables) async throws -> Anchor {
        try await fetch(pagination, overriding: arguments)
        var scope = owner.variables
        for (name, value) in arguments { scope[name] = value }
        return Anchor(record: record, owner: Owner(store: owner.store, variables: scope), origin: origin)
    }

    /// A connection lens's next page (`first: count, after: endCursor`), merged at the end of the
    /// list; nothing when there is no next page or one is already loading.
    @MainActor public func loadNext<Q: Query>(_ count: Int, _ pagination: Pagination<Q>) async throws {
        guard let forward = pagination.forward else { return }
        try await load(.next, count, forward, pagination, cursorField: "endCursor", flag: "hasNextPage")
    }

    /// A connection lens's previous page (`last: count, before: startCursor`), merged at the start.
    @MainActor public func loadPrevious<Q: Query>(_ count: Int, _ pagination: Pagination<Q>) async throws {
        guard let backward = pagination.backward else { return }
        try await load(.previous, count, backward, pagination, cursorField: "startCursor", flag: "hasPreviousPage")
    }

    /// Whether a page in `direction` is in flight for this connection (observed).
    @MainActor public func isLoading(_ direction: PageDirection) -> Bool {
        owner.store.pageLoads.isLoading(.init(connection: ObjectIdentifier(record), direction: direction))
    }

    /// A connection lens's `refetch()`: the first page again, which replaces the list.
    @MainActor public func refetchConnection<Q: Query>(_ pagination: Pagination<Q>) async throws {
        var overrides: Variables = [:]
        if let forward = pagination.forward { overrides[forward.cursor] = .null }
        if let backward = pagination.backward { overrides[backward.cursor] = .null }
        try await fetch(pagination, overriding: overrides)
    }

    @MainActor private func load<Q: Query>(
        _ direction: PageDirection, _ count: Int, _ variables: (count: String, cursor: String), _ pagination: Pagination<Q>,
        cursorField: String, flag: String
    ) async throws {
        guard !isPlaceholder, connectionFlag(flag), let cursor = pageInfoText(cursorField) else { return }
        let key = PageLoads.Key(connection: ObjectIdentifier(record), direction: direction)
        let loads = owner.store.pageLoads
        guard loads.start(key) else { return }
        defer { loads.finish(key) }
        try await fetch(pagination, overriding: [variables.count: .int(count), variables.cursor: .string(cursor)])
    }

    @MainActor private func fetch<Q: Query>(_ pagination: Pagination<Q>, overriding overrides: Variables) async throws {
        guard let environment = owner.store.environment else { throw EnvironmentError.gone }
        var variables: Variables = [:]
        for name in pagination.variables { variables[name] = owner.variables[name] ?? .null }
        if let id = pagination.id {
            guard case .string(let value)? = origin.peek(owner.store.slotRef("id", on: origin.type)) else {
                throw PaginationError.noID(record: origin.key)
            }
            variables[id] = .string(value)
        }
        for (name, value) in overrides { variables[name] = value }
        try await environment.fetch(PageQuery<Q>(variables: variables))
    }

    /// A text of the connection's page info (its merged cursors).
    @MainActor private func pageInfoText(_ field: String) -> String? {
        let store = owner.store
        guard case .link(let info)? = record.peek(store.slotRef("pageInfo", on: record.type)),
            case .string(let text)? = info.peek(store.slotRef(field, on: info.type))
        else { return nil }
        return text
    }
}

/// A refetch that cannot be composed.
public enum PaginationError: Error, Sendable, Equatable {
    /// The fragment's record has no `id` to refetch it by.
    case noID(record: String)
}
