/// The items of the lists being parsed (selections, field definitions, ...): a nested list's
/// items are pushed after its parent's and taken off before the parent goes on, and each
/// finished list is moved out into an array of its exact size. Appending to an array as
/// items come in grows it through 4, 8, 16, ... items, each step a new allocation, a copy
/// and a free; here a list costs one allocation.
struct ListStack<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>? = nil
    private var count = 0
    private var capacity = 0

    init() {}

    deinit {
        if let base {
            base.deinitialize(count: count)
            base.deallocate()
        }
    }

    /// Where the list being started begins; hand it to `take(from:)` when the list ends.
    var mark: Int { count }

    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (base.unsafelyUnwrapped + count).initialize(to: element)
        count += 1
    }

    /// The items pushed since `mark`, removed from the stack.
    @inline(__always)
    mutating func take(from mark: Int) -> [Element] {
        let n = count - mark
        guard n > 0, let base else { return [] }
        // (`Array(unsafeUninitializedCapacity:)` would be neater, but it is not specialized
        // and looks the array's type up at run time.)
        var list: [Element] = []
        list.reserveCapacity(n)
        for i in mark..<count { list.append((base + i).move()) }
        count = mark
        return list
    }

    @inline(never)
    private mutating func grow() {
        let newCapacity = max(32, 2 * capacity)
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        if let base {
            newBase.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = newBase
        capacity = newCapacity
    }
}
