// The SwiftUI binding: `.environment(\.baton, environment)` on a view tree, and `@QueryHandle` in a
// view resolving its operation's handle from there, retained for the view's life. Linux has no
// SwiftUI; there the body host of BatonTesting runs the same reads under Observation tracking.
#if canImport(SwiftUI)
    import SwiftUI

    private struct BatonEnvironmentKey: EnvironmentKey {
        static let defaultValue: Baton.Environment? = nil
    }

    extension EnvironmentValues {
        /// The Baton environment the views below resolve their handles from.
        public var baton: Baton.Environment? {
            get { self[BatonEnvironmentKey.self] }
            set { self[BatonEnvironmentKey.self] = newValue }
        }
    }

    /// A view outside every `.environment(\.baton, …)` has no environment to fetch through.
    public struct MissingBatonEnvironment: Error, Sendable, CustomStringConvertible {
        public let operation: String
        public var description: String {
            "\(operation) is read by a view outside `.environment(\\.baton, environment)`: set it on an enclosing view"
        }
    }

    /// `@QueryHandle(IssuesQuery(owner: "apple")) var issues` in a SwiftUI view: the handle of the
    /// operation value in the view's Baton environment, made with `fetchPolicy` and retained while the
    /// view lives. `issues` is the phase (a body that reads it re-runs when it changes); `$issues` the
    /// handle, for `refetch()`, `retry()`, `isRefreshing`.
    @MainActor @propertyWrapper public struct QueryHandle<O: Baton.Query>: DynamicProperty {
        @SwiftUI.Environment(\.baton) private var environment
        @State private var holder = Holder()
        private let operation: O
        private let fetchPolicy: FetchPolicy

        public init(_ operation: O, fetchPolicy: FetchPolicy = .storeOrNetwork) {
            self.operation = operation
            self.fetchPolicy = fetchPolicy
        }

        public var wrappedValue: Phase<O.Data> {
            guard let handle = holder.handle else { return .failed(MissingBatonEnvironment(operation: O.name)) }
            return handle.phase
        }

        public var projectedValue: OperationHandle<O>? { holder.handle }

        public mutating func update() {
            holder.resolve(operation, fetchPolicy: fetchPolicy, in: environment)
        }

        /// The view's handle and its retention, kept across body runs; made again when the operation
        /// value or the environment changes.
        @MainActor final class Holder {
            var handle: OperationHandle<O>?
            private var retention: Retention?
            private weak var environment: Baton.Environment?

            func resolve(_ operation: O, fetchPolicy: FetchPolicy, in environment: Baton.Environment?) {
                guard let environment else {
                    (handle, retention) = (nil, nil)
                    return
                }
                if let handle, handle.operation == operation, self.environment === environment { return }
                let next = environment.handle(for: operation, fetchPolicy: fetchPolicy)
                retention = next.retain()
                handle = next
                self.environment = environment
            }
        }
    }
#endif
