import BlueprintDomain
import Logging

/// The open wedding's edits made offline that the database refused because someone changed the
/// same records first (see `OfflineConflictSource`): read when the wedding opens and again
/// whenever the source says they may have changed, and settled one at a time. Settling one
/// changes the records through the change feed, so the stores show the outcome.
@MainActor
public final class OfflineConflictsModel {
    private let source: any OfflineConflictSource
    private let wedding: WeddingID
    private let logger = Logger(label: "blueprint.conflicts")
    private var watch: Task<Void, Never>?
    /// How many reads have started, and the latest that landed, so an older read (started
    /// before a sync found a conflict) never overwrites a newer one.
    private var reads = 0, landed = 0
    /// The conflicts, oldest first.
    public private(set) var conflicts: [OfflineConflict] = []

    public init(source: any OfflineConflictSource, wedding: WeddingID) {
        self.source = source
        self.wedding = wedding
    }

    /// Reads the conflicts now, and again each time the source says they may have changed.
    public func start() {
        guard watch == nil else { return }
        let changes = source.offlineConflictChanges(in: wedding)
        watch = Task { [weak self] in
            await self?.refresh()
            for await _ in changes { await self?.refresh() }
        }
    }

    /// Reads the conflicts again, and posts them to land (see `land(_:)`); a failure to read
    /// keeps what was known (and is logged).
    public func refresh() async {
        reads += 1
        let number = reads
        do {
            let conflicts = try await source.offlineConflicts(in: wedding)
            guard watch != nil else { return }
            let read = OfflineConflictsRead(number: number, conflicts: conflicts)
            if let post { post(.offlineConflictsRead(read)) } else { land(read) }
        } catch {
            logger.warning("could not read the edits made offline that conflict",
                           metadata: ["wedding": "\(wedding)", "error": "\(error)"])
        }
    }

    /// Where reads are posted to land, in order with the session's other messages; without a
    /// session, they land at once.
    var post: SessionPost?

    /// Keeps the conflicts `read` found, unless a later read landed first; says whether
    /// `conflicts` changed.
    @discardableResult
    func land(_ read: OfflineConflictsRead) -> Bool {
        guard watch != nil, read.number > landed else { return false }
        landed = read.number
        guard read.conflicts != conflicts else { return false }
        conflicts = read.conflicts
        return true
    }

    /// Settles `conflict`: keeping yours writes it over theirs, else yours is dropped.
    public func settle(_ conflict: OfflineConflict, keepingYours: Bool) async -> EditOutcome {
        do {
            try await source.settle(conflict, in: wedding, keepingYours: keepingYours)
        } catch {
            return .failed(StoreError(error))
        }
        await refresh()
        return .saved
    }

    /// Stops following the source.
    public func close() {
        watch?.cancel()
        watch = nil
    }
}
