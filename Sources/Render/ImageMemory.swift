/// One byte budget for every decoded pixel of the app: photos as decoded (`ImageAsset`s) and
/// their scaled colour and gray copies (`ImageCache`). When the total passes the budget, the
/// least recently used go first; a photo whose pixels went is decoded again when it is next
/// needed (its placeholder shows meanwhile), a copy is made again.
///
/// Threading: main thread only, or under the lock of the one renderer drawing a frame in bands
/// (which holds evictions back until its bands are done: see `holdingEvictions`).
package final class ImageMemory {
    /// 192 MB unless told otherwise (`--image-memory MB`).
    public static let defaultBudget = 192 << 20

    /// The budget in bytes.
    public var byteLimit: Int { didSet { trim() } }
    /// Bytes held now.
    public private(set) var byteCount = 0
    /// Things given back so far (tests and traces).
    public private(set) var evictions = 0
    /// Bytes given back so far, evicted or let go by their owners.
    public private(set) var bytesGivenBack = 0

    private final class Item {
        let bytes: Int
        var lastUse: Int
        /// When each user last used it (see `user`).
        var uses: [Int: Int]
        let evict: () -> Void
        init(bytes: Int, lastUse: Int, user: Int, evict: @escaping () -> Void) {
            self.bytes = bytes
            self.lastUse = lastUse
            uses = [user: lastUse]
            self.evict = evict
        }
        func use(_ tick: Int, by user: Int) {
            lastUse = tick
            uses[user] = tick
        }
    }

    /// Who uses what is added and touched from now on: 0, or which window of a process with a
    /// window on each of several displays (set before each window's pass). One budget serves
    /// them all; `evict(usedBefore:)` gives back only what no other window still shows.
    public var user = 0
    private var items: [ObjectIdentifier: Item] = [:]
    private var tick = 0
    /// While positive, going over the budget evicts nothing (a frame's bands are drawing with
    /// what is held); the trim comes when the hold ends.
    private var holds = 0

    /// A budget of `byteLimit` bytes of pixels.
    public init(byteLimit: Int = defaultBudget) { self.byteLimit = max(byteLimit, 0) }

    /// Counts `bytes` held by `owner` until `remove`; `evict` gives them back when the budget
    /// needs them (it must end in `remove(owner)`). Older holdings are evicted at once if the
    /// budget is passed; `owner` itself is kept this time.
    public func add(_ owner: AnyObject, bytes: Int, evict: @escaping () -> Void) {
        let id = ObjectIdentifier(owner)
        tick += 1
        // The replaced holding (if any) is let go after the dictionary is updated: releasing its
        // eviction closure may free things that give their own bytes back.
        let replaced = items.updateValue(Item(bytes: bytes, lastUse: tick, user: user, evict: evict), forKey: id)
        if let replaced { byteCount -= replaced.bytes }
        byteCount += bytes
        if holds == 0 { trim(keeping: id) }
    }

    /// Runs `body` with evictions held back, then trims to the budget: nothing a frame's bands
    /// are drawing from can be let go under them.
    public func holdingEvictions<T>(_ body: () throws -> T) rethrows -> T {
        holds += 1
        defer {
            holds -= 1
            if holds == 0 { trim() }
        }
        return try body()
    }

    /// `owner`'s bytes were just used: they go last.
    public func touch(_ owner: AnyObject) {
        guard let item = items[ObjectIdentifier(owner)] else { return }
        tick += 1
        item.use(tick, by: user)
    }

    /// `owner` let its bytes go.
    public func remove(_ owner: AnyObject) { remove(ObjectIdentifier(owner)) }

    private func remove(_ id: ObjectIdentifier) {
        guard let item = items.removeValue(forKey: id) else { return }
        byteCount -= item.bytes
        bytesGivenBack += item.bytes
    }

    /// Whether `owner` holds bytes here.
    public func holds(_ owner: AnyObject) -> Bool { items[ObjectIdentifier(owner)] != nil }

    /// A point in the order of use: holdings used after it are newer (see `evict(usedBefore:)`).
    public var mark: Int { tick }

    /// Gives back every holding the current `user` has not used since `mark`: what a scene
    /// that went away held (a kiosk's playlist moving on), so that memory follows what is on
    /// screen rather than filling the budget with scenes that may not come back for minutes.
    /// A holding another user has used too stays; only this user's use of it is forgotten (a
    /// photo the other display shows).
    public func evict(usedBefore mark: Int) {
        var old: [(ObjectIdentifier, Item)] = []
        for (id, item) in items {
            guard let used = item.uses[user], used <= mark else { continue }
            item.uses[user] = nil
            if item.uses.isEmpty { old.append((id, item)) }
        }
        for (id, item) in old {
            item.evict()
            remove(id)
            evictions += 1
        }
    }

    /// Evicts the least recently used holdings until the total is within the budget.
    public func trim() { trim(keeping: nil) }

    private func trim(keeping keep: ObjectIdentifier?) {
        guard byteCount > byteLimit else { return }
        let order = items.filter { $0.key != keep }.sorted { $0.value.lastUse < $1.value.lastUse }
        for (id, item) in order {
            if byteCount <= byteLimit { break }
            item.evict()
            remove(id)   // in case `evict` did not
            evictions += 1
        }
    }
}
