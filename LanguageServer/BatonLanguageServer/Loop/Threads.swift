#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts a detached POSIX thread running `body`. Worker stacks are 8 MB, so deep (but
/// bounded) recursion in compiler work behaves as on the main thread.
func startThread(_ body: @escaping @Sendable () -> Void) {
    final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setstacksize(&attributes, 8 << 20)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    var thread = pthread_t()
    let result = pthread_create(
        &thread, &attributes,
        { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, box)
    pthread_attr_destroy(&attributes)
    if result != 0 {
        // No thread: run inline rather than lose the work.
        Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body()
    }
}

/// A FIFO of jobs run by a fixed set of worker threads, so scanning and validation never run
/// on the loop thread that reads the client's messages.
final class WorkerQueue: @unchecked Sendable {
    // The pthread mutex and condition guard `jobs`; they live at stable heap addresses.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var jobs: [@Sendable () -> Void] = []
    private var head = 0
    private var stopped = false

    init(threads: Int) {
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
        for _ in 0..<max(1, threads) {
            startThread { [self] in self.runJobs() }
        }
    }

    func enqueue(_ job: @escaping @Sendable () -> Void) {
        pthread_mutex_lock(mutex)
        jobs.append(job)
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Lets the threads end once the jobs already queued are done.
    func stop() {
        pthread_mutex_lock(mutex)
        stopped = true
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    private func runJobs() {
        while true {
            pthread_mutex_lock(mutex)
            while head == jobs.count && !stopped { pthread_cond_wait(condition, mutex) }
            if head == jobs.count {
                pthread_mutex_unlock(mutex)
                return
            }
            let job = jobs[head]
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            }
            pthread_mutex_unlock(mutex)
            job()
        }
    }
}
