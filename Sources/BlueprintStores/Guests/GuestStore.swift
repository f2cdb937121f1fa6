import BlueprintDomain
import Foundation

/// The guest list of the open wedding, ready to draw: rows after filter, sort and search, the
/// figures, and each household's invitation to answer online. Intents change guests at once
/// and roll back if the write fails.
@MainActor
public final class GuestStore: ListStore<GuestSortKey, GuestFilter> {
    /// Guest lists change slowly; a change made elsewhere arrives through the change feed anyway.
    public static let validity = Duration.seconds(10 * 60)
    /// The order the list opens in.
    public nonisolated static let defaultOrder = GuestSortKey.name

    private let repository: any GuestRepository
    private let invitationRepository: any RecordRepository<Invitation>
    private var invitationsByHousehold: [String: Invitation] = [:]

    private lazy var invitationRecords: RecordCollection<Invitation> = {
        let records = RecordCollection(RecordGateway(invitationRepository, in: weddingID), in: self)
        records.rowChanged = { [unowned self] old, new, _ in
            if let old { invitationsByHousehold[old.household] = nil }
            if let new { invitationsByHousehold[new.household] = new }
            noteChange()
        }
        return records
    }()

    /// Every guest, in the order loaded.
    public var guests: RecordTable<Guest> { records.records }
    /// The guests to show: filtered by `filter`, sorted by `order`.
    public var visibleGuests: ListedRows<Guest> { visible }
    public private(set) var stats = GuestStats(guests: [])

    public init(wedding: WeddingID, context: StoreContext) {
        repository = context.guests
        invitationRepository = context.records.records(Invitation.self)
        super.init(wedding: wedding, domain: .guests, validity: Self.validity, context: context,
                   gateway: RecordGateway(context.guests.guestRecords, in: wedding), order: Self.defaultOrder, noun: "guest",
                   alsoKeeping: [Invitation.kind])
    }

    public func guest(_ id: UUID) -> Guest? { record(id) }

    /// The invitation to answer online of the guest's household, if it has one.
    public func invitation(for guest: Guest) -> Invitation? { invitationsByHousehold[guest.invitationHousehold] }

    /// Shows the preview's figures and first guests until the first load lands.
    func show(_ preview: WeddingPreview) {
        guard showPreview(preview.firstGuests) else { return }
        stats = preview.guestStats
    }

    // MARK: Intents

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
            try await repository.guestRecords.importBatch(batch, in: wedding)
        }
    }

    // MARK: Loading and deriving

    override func fetchRecords() async throws -> @MainActor () -> Void {
        let mark = invitationRecords.loadMark()
        let showGuests = try await super.fetchRecords()
        let invitations = try await invitationRecords.gateway.fetchAll()
        return {
            showGuests()
            self.invitationRecords.show(invitations, loadedFrom: mark)
        }
    }

    override func apply(_ change: RecordChange) {
        if change.kind == Invitation.kind { invitationRecords.apply(change) } else { super.apply(change) }
    }

    override func recordsDidChange() {
        invitationsByHousehold = Dictionary(invitationRecords.records.map { ($0.household, $0) }, uniquingKeysWith: { first, _ in first })
        stats = GuestStats(guests: records.records)
        super.recordsDidChange()
    }

    override func rowDidChange(from old: Guest?, to new: Guest?) {
        stats.replace(old, with: new)
        super.rowDidChange(from: old, to: new)
    }
}
