/// The runtime's log: value-free events, names and counts only, so a log never leaks a record.
public enum LogEvent: Sendable, Equatable {
    /// Why a fetch failed, as the log names it: a failure's kind, or cancelled (superseded, ended).
    public enum FetchFailureKind: String, Sendable, Equatable {
        case transport, request, malformed, environment, cancelled

        /// A failure's kind as the log names it; the switch keeps the two lists in step.
        init(_ kind: Failure.Kind) {
            switch kind {
            case .transport: self = .transport
            case .request: self = .request
            case .malformed: self = .malformed
            case .environment: self = .environment
            }
        }
    }

    /// A request left for the operation (a handle's fetch, `fetch`, `mutate`).
    case fetchStarted(operation: String)
    /// Its response was committed, `duration` after it started.
    case fetchCompleted(operation: String, duration: Duration)
    /// It failed, or was cancelled.
    case fetchFailed(operation: String, kind: FetchFailureKind)
    /// An uncaught field error of a `@throwOnFieldError` operation, at its dotted response path.
    case fieldError(operation: String, path: String)
    /// A batch ended; `changed` counts the cells it changed (`CommitResult.changed`: a value and an error apart).
    case committed(kind: BatchKind, changed: Int)
    /// A read found a slot the store never received.
    case missing(type: String, field: String)
    /// A read found a value of another kind than its type, or a null where the schema says non-null.
    case unexpected(type: String, field: String)
    /// A `@required(action: LOG)` field read null (or missing), so its null bubbled to the lens
    /// boundary: the record's type and the field's path in its document (fragment or operation).
    case requiredFieldMissing(type: String, path: String)
    /// A later part of an incremental response named a place the response never had.
    case partDropped(path: String)
    /// `@deleteRecord` found several live records with one id, and deleted none.
    case ambiguousIdentity
    /// The store's image was opened (off the main actor): the check may read it.
    case imageOpened
    /// The image could not be used (not an image, corrupt, unwritable, held by another image in
    /// this process): reads miss and the app works from the network.
    case imageUnavailable
    /// The image's writer put `batches` server batches on disk in one transaction.
    case imageWritten(batches: Int)
    /// A write failed (a locked or full file): the writer keeps its work and tries again.
    case imageWriteFailed
}
