import BlueprintDomain
import Foundation

/// The guest list of the open wedding, ready to draw: rows after filter, sort and search, and
/// the figures. Intents change guests at once and roll back if the write fails.
@MainActor
public final class GuestStore: DomainStore {
    /// Guest lists change slowly; a change made elsewhere arrives through the change feed anyway.
    public static let validity = Duration.seconds(10 * 60)

    private lazy var records = RecordCollection(.guests(repository, in: weddingID), in: self)
    private var list = RowList(order: ListOrder(GuestSortKey.name))
    private let repository: any GuestRepository

    /// Every guest, in the order loaded.
    public var guests: [Guest] { records.records }
    /// The guests to show: filtered by `filter`, sorted by `order`.
    public var visibleGuests: [Guest] { list.visible }
    public private(set) var stats = GuestStats(guests: [])
    /// Where `searchText` matches among `visibleGuests`.
    public var searchMatches: SearchMatches { list.matches }
    /// The open conflict, if an edit to a guest lost to someone else's.
    public var conflict: EditConflict<Guest>? { records.conflict }

    /// Narrows `visibleGuests`; `filter.text` is type-to-filter.
    public var filter = GuestFilter() {
        didSet {
            guard filter != oldValue else { return }
            list.setFilter(filter.matches)
            signalUpdate()
        }
    }

    public var order: ListOrder<GuestSortKey> {
        get { list.order }
        set {
            guard newValue != list.order else { return }
            list.setOrder(newValue)
            signalUpdate()
        }
    }

    /// What `/` searches for among the visible guests (names, email, household, plus-one,
    /// phone, notes); empty ends the search.
    public var searchText = "" {
        didSet {
            guard searchText != oldValue else { return }
            list.setSearch(searchText, matches: GuestFilter(text: searchText).matches)
            signalUpdate()
        }
    }

    public init(wedding: WeddingID, context: StoreContext) {
        repository = context.guests
        super.init(weddingID: wedding, domain: .guests, validity: Self.validity, recordKinds: [.guest], context: context)
    }

    public func guest(_ id: UUID) -> Guest? { records[id] }

    // MARK: Intents

    @discardableResult
    public func create(_ guest: Guest) async -> EditOutcome {
        await records.create(guest, title: "add guest")
    }

    /// Saves `guest`, which carries the version it was read at; a stale one is a conflict.
    @discardableResult
    public func update(_ guest: Guest) async -> EditOutcome {
        await records.update(guest, title: "edit guest")
    }

    @discardableResult
    public func delete(_ id: UUID) async -> EditOutcome {
        await records.delete(id: id, title: "delete guest")
    }

    @discardableResult
    public func setRSVP(_ rsvp: RSVPStatus, for id: UUID) async -> EditOutcome {
        guard var guest = records[id] else { return .failed(.notLoaded(.guest, id: id)) }
        guest.rsvp = rsvp
        return await records.update(guest, title: "RSVP")
    }

    /// Adds and updates many guests in one all-or-nothing write (a CSV import). Not undoable.
    public func importGuests(_ batch: ImportBatch<Guest>) async -> Result<ImportSummary, StoreError> {
        let repository = self.repository, wedding = weddingID
        return await records.importRecords(batch.inserts + batch.updates) {
            try await repository.importGuests(batch, in: wedding)
        }
    }

    // MARK: Loading and deriving

    override func fetchRecords() async throws -> @MainActor () -> Void {
        let mark = records.loadMark()
        let guests = try await records.gateway.fetchAll()
        return { self.records.show(guests, loadedFrom: mark) }
    }

    override func recordsDidChange() {
        stats = GuestStats(guests: records.records)
        list.show(records.records)
        super.recordsDidChange()
    }
}
