import Baton
import Foundation

/// Where a store keeps its image: one SQLite file, a cache and nothing more. The next launch's
/// check reads it before the network answers; it is started over, never migrated, when `version`
/// (put `Types.schemaDigest` in it, and the account if one file serves every account), the format
/// or the protection differ, or when the file is not an image.
///
/// ```swift
/// let store = Store(persistence: Persistence(name: "App", version: Types.schemaDigest))
/// ```
public struct Persistence: Sendable {
    /// The database file; its write-ahead log sits beside it (`-wal`, `-shm`).
    public let url: URL
    public let version: String
    /// The file-protection class the file was written under (Apple platforms apply it).
    public let protection: String
    /// Checked at launch: older launches' rows are evicted first, then the last launch's, and the
    /// image starts over only when nothing is left.
    public let sizeLimit: Int

    /// The default size limit, 50 MB (the design leaves it open).
    public static let defaultSizeLimit = 50 << 20
    /// Queued rows beyond this many (the file locked or full meanwhile) are dropped and the image
    /// started again; tests lower it.
    var workLimit = 50_000

    /// `<name>.baton-image` in the caches directory (`~/.cache/baton` on Linux).
    public init(name: String, version: String, sizeLimit: Int = Persistence.defaultSizeLimit) {
        self.init(url: Self.directory.appendingPathComponent(name + ".baton-image"), version: version, sizeLimit: sizeLimit)
    }

    #if canImport(Darwin)
        /// As `init(name:version:)`, the file written under a protection class: under `.complete` a
        /// locked device misses rather than discarding the image.
        public init(name: String, version: String, protection: FileProtectionType) {
            self.init(
                url: Self.directory.appendingPathComponent(name + ".baton-image"), version: version,
                protection: protection.rawValue)
        }
    #endif

    /// An image at a path of the app's choosing (one file per account, for example).
    public init(url: URL, version: String = "", sizeLimit: Int = Persistence.defaultSizeLimit) {
        self.init(url: url, version: version, protection: "none", sizeLimit: sizeLimit)
    }

    init(url: URL, version: String, protection: String, sizeLimit: Int = Persistence.defaultSizeLimit) {
        self.url = url
        self.version = version
        self.protection = protection
        self.sizeLimit = sizeLimit
    }

    static var directory: URL {
        #if canImport(Darwin)
            let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
        #else
            let home = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
            let caches = home ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        #endif
        return caches.appendingPathComponent("baton", isDirectory: true)
    }

    /// Deletes the image: its write-ahead log first, then the database (with its interned names and
    /// argument values), and drops the work still queued for it in this process. A marker written
    /// first lets the next open finish a deletion this one could not. For a sign-out: `end()` the
    /// environment, then `removeAll()`, then forget the credential.
    public func removeAll() throws {
        ImageFiles.shared.dropQueuedWork(path: url.path)
        try ImageRemoval.remove(url)
    }
}

extension Store {
    /// A store that keeps its server batches in an image on disk, read at the next launch. The
    /// file is opened off the main actor.
    public convenience init(
        persistence: Persistence, releaseBufferSize: Int = 10, cacheExpiration: Duration? = nil,
        clock: StoreClock = StoreClock()
    ) {
        self.init(
            releaseBufferSize: releaseBufferSize, cacheExpiration: cacheExpiration, clock: clock,
            image: ImageFile(persistence))
    }
}

/// Deleting an image's files, marker first, log before database, so an interrupted deletion is
/// finished by the next open.
enum ImageRemoval {
    static func marker(_ url: URL) -> URL { URL(fileURLWithPath: url.path + ".removing") }

    static func remove(_ url: URL) throws {
        let manager = FileManager.default
        let marker = marker(url)
        if manager.fileExists(atPath: url.path) || manager.fileExists(atPath: url.path + "-wal") {
            try Data().write(to: marker)
        }
        try finish(url)
    }

    /// Completes a deletion: the log, the shared memory, the database, then the marker.
    static func finish(_ url: URL) throws {
        let manager = FileManager.default
        for suffix in ["-wal", "-shm", ""] where manager.fileExists(atPath: url.path + suffix) {
            try manager.removeItem(atPath: url.path + suffix)
        }
        let marker = marker(url)
        if manager.fileExists(atPath: marker.path) { try manager.removeItem(at: marker) }
    }
}
