import BlueprintDomain
import Foundation
import Logging

/// The open wedding's activity, newest first: read from its source of truth when first asked
/// for, then followed through the change events (this session's commits and every other's), so
/// it lists exactly the commits that made the data. Never cached.
@MainActor
public final class ActivityFeed {
    /// One entry of the feed, with an id for the list's selection.
    public struct Item: Identifiable, Sendable {
        public let id = UUID()
        public let entry: ActivityEntry
    }

    /// What the feed holds now.
    public enum State: Equatable, Sendable {
        case notLoaded, loading, loaded
        case failed(String)
    }

    /// The most entries kept: the newest.
    public static let limit = 2_000

    private let wedding: WeddingID
    private let records: any RecordRepositories
    private let logger = Logger(label: "blueprint.activity")
    /// Set when a change arrives while the feed is being read: it is read again after.
    private var staleWhileLoading = false
    /// The change sequence the last read reached: changes up to it are in `items` already.
    private var loadedThrough: UInt64 = 0

    public private(set) var items: [Item] = []
    public private(set) var state = State.notLoaded
    /// Lines of the kept history that could not be read.
    public private(set) var unreadableLines = 0

    init(wedding: WeddingID, records: any RecordRepositories) {
        self.wedding = wedding
        self.records = records
    }

    /// Reads the feed unless it is read or being read.
    public func loadIfNeeded() {
        guard state == .notLoaded else { return }
        reload()
    }

    /// Reads the feed again.
    public func reload() {
        guard state != .loading else {
            staleWhileLoading = true
            return
        }
        state = .loading
        Task { await load() }
    }

    private func load() async {
        let read: ActivityRead
        do {
            read = ActivityRead(result: .success(try await records.activity(in: wedding)))
        } catch {
            logger.warning("could not read the activity", metadata: ["wedding": "\(wedding)", "error": "\(error)"])
            read = ActivityRead(result: .failure(StoreError(error)))
        }
        if let post { post(.activityRead(read)) } else { land(read) }
    }

    /// Where reads are posted to land, in order with the session's other messages; without a
    /// session, they land at once.
    var post: SessionPost?

    /// Shows the feed as read, and reads it again if a change arrived meanwhile.
    func land(_ read: ActivityRead) {
        switch read.result {
        case .success(let log):
            items = log.newestFirst().prefix(Self.limit).map { Item(entry: $0) }
            unreadableLines = log.unreadableLines
            loadedThrough = log.sequence
            state = .loaded
        case .failure(let error):
            state = .failed(error.description)
        }
        if staleWhileLoading {
            staleWhileLoading = false
            reload()
        }
    }

    /// Puts a commit at the top of the feed, unless the last read had it already (its event can
    /// arrive after the read); a change that does not say what it did (a wedding reread whole)
    /// or one missed (`missedSome`) makes the feed read again.
    func receive(_ change: RepositoryChange, missedSome: Bool) {
        switch state {
        case .notLoaded, .failed: return
        case .loading: staleWhileLoading = true
        case .loaded:
            guard !missedSome, let entry = change.activity else { return reload() }
            guard change.sequence > loadedThrough else { return }
            items.insert(Item(entry: entry), at: 0)
            if items.count > Self.limit { items.removeLast(items.count - Self.limit) }
        }
    }
}
