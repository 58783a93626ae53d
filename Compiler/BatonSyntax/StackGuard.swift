#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Tells the parser when the thread's stack is nearly used up, so a deep document ends in
/// a syntax error on a small stack too (a 512 KB Dispatch thread, a debug build's big
/// frames) instead of overflowing before the nesting limit is reached.
struct StackGuard {
    /// Below this address the parser stops descending; 0 when the bounds are unknown.
    let lowWater: UInt

    /// Room kept free for the frames of one more level, error reporting and the caller:
    /// a quarter of the stack, between 16 and 96 KB.
    static func reserve(forStackOf size: UInt) -> UInt {
        max(16 * 1024, min(96 * 1024, size / 4))
    }

    init() {
        var low: UInt = 0
        var size: UInt = 0
        #if canImport(Glibc)
            var attributes = pthread_attr_t()
            if let getAttributes = StackGuard.getAttributes, getAttributes(pthread_self(), &attributes) == 0 {
                var address: UnsafeMutableRawPointer? = nil
                var bytes = 0
                if pthread_attr_getstack(&attributes, &address, &bytes) == 0, let address {
                    low = UInt(bitPattern: address)
                    size = UInt(bytes)
                }
                pthread_attr_destroy(&attributes)
            }
        #elseif canImport(Darwin)
            let top = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self()))
            size = UInt(pthread_get_stacksize_np(pthread_self()))
            low = top - size
        #endif
        let reserve = StackGuard.reserve(forStackOf: size)
        lowWater = size > 2 * reserve ? low + reserve : 0
    }

    #if canImport(Glibc)
        /// glibc's `pthread_getattr_np`, which the Glibc module does not export (it is a GNU
        /// extension); looked up once.
        typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
        static let getAttributes: GetAttributes? = {
            guard let symbol = dlsym(nil, "pthread_getattr_np") else { return nil }
            return unsafeBitCast(symbol, to: GetAttributes.self)
        }()
    #endif

    @inline(never)
    func isExhausted() -> Bool {
        guard lowWater != 0 else { return false }
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) } < lowWater
    }
}
