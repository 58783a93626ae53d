/// The records of one session, by key, on the main actor. It always holds the three roots. Keys
/// rendered from variables are numbered here (negative numbers), apart from the process's constants.
@MainActor public final class Store {
    /// The environment whose session this store is: what a lens's `refetch` and `loadNext` fetch
    /// through (one environment per store).
    weak var environment: Environment?
    /// Pages in flight, by connection record and direction (`isLoadingNext`, `isLoadingPrevious`).
    let pageLoads = PageLoads()
    @exclusivity(unchecked) var records: [String: Record] = [:]
    private var renderedNumbers: [String: Int32] = [:]
    private var renderedTexts: [String] = [""]
    private var placeholders: [Int32: Record] = [:]
    /// Abstract types each concrete type satisfies, as responses taught them (`__isNode`).
    private var learned: [Int32: Set<String>] = [:]
    var layers: [OptimisticLayer] = []
    /// Where the store's events go (set by the environment).
    var log: ((LogEvent) -> Void)?
    /// Told the slots each batch notified, as the batch ends (the specification scripts' `notified`).
    @_spi(Generated) public var batchNotified: (([CommitResult.Notified]) -> Void)?
    /// Moves with every batch that wrote, made or deleted anything: equal generations mean the
    /// records hold exactly what they held.
    var generation = 0

    public let root: Record
    public let mutationRoot: Record
    public let subscriptionRoot: Record

    /// How many released query roots wait before leaving.
    public let releaseBufferSize: Int
    /// How long fetched data stays fresh when its operation says nothing; nil: it never goes stale.
    public let cacheExpiration: Duration?
    /// The store's time: fetch stamps and ages read it; a test advances it.
    public let clock: StoreClock
    /// Fetch stamps per root, and the invalidation generation.
    var ages = Ages()

    /// The image the store keeps on disk, if any (`BatonImage`'s `Store(persistence:)` gives one).
    public let image: (any StoreImage)?
    /// What the store tells its image and learns from it (`WriteBehind`, `Hydration`).
    var imageState = ImageState()

    /// A store in memory alone, or (`image`) one that writes its server batches behind to an image
    /// and fills what memory lacks from it when a handle checks.
    public init(
        releaseBufferSize: Int = 10, cacheExpiration: Duration? = nil, clock: StoreClock = StoreClock(),
        image: (any StoreImage)? = nil
    ) {
        self.releaseBufferSize = max(0, releaseBufferSize)
        self.cacheExpiration = cacheExpiration
        self.clock = clock
        self.image = image
        root = Record(key: RecordKey.queryRoot, type: .query)
        mutationRoot = Record(key: RecordKey.mutationRoot, type: .mutation)
        subscriptionRoot = Record(key: RecordKey.subscriptionRoot, type: .subscription)
        for record in [root, mutationRoot, subscriptionRoot] { records[record.key] = record }
        image?.open { [weak self] report in self?.imageReported(report) }
    }

    /// Every record's key (placeholders are never listed).
    public var recordKeys: [String] { Array(records.keys) }

    public func record(forKey key: String) -> Record? { records[key] }

    func findOrCreate(_ key: String, _ type: TypeID, in batch: inout Batch) -> Record {
        if let record = records[key] { return record }
        let record = Record(key: key, type: type)
        records[key] = record
        batch.created.insert(ObjectIdentifier(record))
        batch.layer?.created.append(record)
        return record
    }

    /// Whether a response said `type` satisfies the abstract type named `abstractType`.
    public func hasLearned(_ type: TypeID, satisfies abstractType: String) -> Bool {
        learned[type.index]?.contains(abstractType) ?? false
    }

    func learn(_ memberships: [(type: TypeID, abstractType: String)]) {
        for (type, abstractType) in memberships { learned[type.index, default: []].insert(abstractType) }
    }

    /// Clears every record through one batch (its readers are told) and keeps only the roots, empty.
    /// No log event: the session is over.
    func end() {
        var batch = Batch()
        for record in records.values {
            for ref in record.occupiedSlots {
                batch.write(record, ref, nil)
                batch.writeError(record, ref, nil)
            }
        }
        _ = batch.end(store: self)
        for layer in layers { layer.markReverted() }
        layers.removeAll()
        records = [root.key: root, mutationRoot.key: mutationRoot, subscriptionRoot.key: subscriptionRoot]
        // The image is given back for good once its queued work is written.
        image?.close()
        imageState = ImageState()
        // Rendered numbers are forgotten; a lens held past the end finds its records cleared.
        renderedNumbers.removeAll()
        renderedTexts = [""]
    }

    /// The root record of an operation kind.
    public func root(of kind: OperationKind) -> Record {
        switch kind {
        case .query: root
        case .mutation: mutationRoot
        case .subscription: subscriptionRoot
        }
    }

    /// The record that stands behind a non-null link without a record: every field missing.
    @usableFromInline func placeholder(_ type: TypeID) -> Record {
        if let record = placeholders[type.index] { return record }
        let record = Record(key: "client:placeholder:" + type.name, type: type)
        placeholders[type.index] = record
        return record
    }

    // MARK: Slot numbers

    /// The slot a key text names on `type`: the build's constant when it names the text, else the
    /// store's own number for it.
    func slotRef(_ text: String, on type: TypeID) -> Int32 {
        if let constant = Registry.existingSlot(type, text) { return constant.index }
        if let number = renderedNumbers[text] { return -number }
        let number = Int32(renderedTexts.count)
        renderedTexts.append(text)
        renderedNumbers[text] = number
        return -number
    }

    /// The path of a list this change set's `@stream` items extend that holds other elements than
    /// the response left there (another commit changed it since); nil when every such list is as
    /// the stream left it.
    func staleStream(_ changes: ChangeSet) -> String? {
        for list in changes.streamedLists {
            guard let record = records[list.record] else { return list.path }
            let value = record.peek(slotRef(list.slot, on: list.type))
            switch list.expected {
            case .links(let expected):
                let current: [String?]
                switch value {
                case .links(let links)?: current = links.map { $0?.key }
                case nil, .null?: current = []
                default: return list.path
                }
                if current != expected { return list.path }
            case .values(let expected):
                guard let value, value.same(as: Value(decodedScalar: .list(expected))) else { return list.path }
            }
        }
        return nil
    }

    func slotRef(_ slot: EntrySlot, on type: TypeID) -> Int32 {
        switch slot {
        case .fixed(let index): index
        case .rendered(let text): slotRef(text, on: type)
        }
    }

    /// A slot's storage key text.
    public func storageKey(_ ref: Int32, on type: TypeID) -> String {
        ref >= 0 ? Registry.table.slotKey(type.index, ref) : renderedTexts[Int(-ref)]
    }
}
