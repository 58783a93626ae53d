import Foundation

/// One image per file per process: a second image on a file another live image holds runs without
/// it; an image made after an ended one on the same file waits for it to give the file back (a
/// takeover, which counts as a launch).
final class ImageFiles: @unchecked Sendable {
    static let shared = ImageFiles()

    private let condition = NSCondition()
    private var holders: [String: ImageFile] = [:]
    /// Called when a second live image asks for a held file. Two live stores over one file is an
    /// app's mistake (two environments made where one was meant), so a debug build stops there, as
    /// the design says; a release build runs the second store without its image. Tests of that
    /// rule put their own in (under the lock).
    private var secondImage: @Sendable (String) -> Void = { path in
        assertionFailure("two live stores use the image at \(path): end one before making the other, or give each its own Persistence")
    }

    /// Replaces what a second live image on a held file does, returning the one it replaced.
    @discardableResult
    func onSecondImage(_ body: @escaping @Sendable (String) -> Void) -> @Sendable (String) -> Void {
        condition.lock()
        defer { condition.unlock() }
        let earlier = secondImage
        secondImage = body
        return earlier
    }

    /// Takes the file for `image`, waiting (at most `timeout`) for an ended image to finish writing
    /// and give it back. False when a live image holds it.
    func take(_ path: String, for image: ImageFile, timeout: TimeInterval = 10) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(timeout)
        while let holder = holders[path], holder !== image {
            guard holder.isEnding else {
                secondImage(path)
                return false
            }
            guard condition.wait(until: deadline) else { return false }
        }
        holders[path] = image
        return true
    }

    func release(_ path: String, by image: ImageFile) {
        condition.lock()
        if holders[path] === image { holders[path] = nil }
        condition.broadcast()
        condition.unlock()
    }

    /// `removeAll()`: the work queued for the file is dropped, and an ended image is waited for
    /// (at most `timeout`) until it has given the file back.
    func dropQueuedWork(path: String, timeout: TimeInterval = 10) {
        condition.lock()
        let holder = holders[path]
        condition.unlock()
        guard let holder else { return }
        holder.dropQueuedWork()
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(timeout)
        while holders[path] === holder, holder.isEnding, condition.wait(until: deadline) {}
    }
}
