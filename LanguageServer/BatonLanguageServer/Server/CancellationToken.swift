import Synchronization

/// Set when a request is cancelled (`$/cancelRequest`, or a later edit that makes its answer
/// useless). Work on a worker thread polls it between steps and gives up early.
package final class CancellationToken: Sendable {
    private let flag = Atomic<Bool>(false)

    package init() {}

    package var isCancelled: Bool { flag.load(ordering: .relaxed) }

    package func cancel() { flag.store(true, ordering: .relaxed) }
}
