import BlueprintDomain
import Foundation

/// The guest list of the open wedding, ready to draw: rows after filter, sort and search, and
/// the figures. Intents change guests at once and roll back if the write fails.
@MainActor
public final class GuestStore: ListStore<GuestSortKey, GuestFilter> {
    /// Guest lists change slowly; a change made elsewhere arrives through the change feed anyway.
    public static let validity = Duration.seconds(10 * 60)
    /// The order the list opens in.
    public nonisolated static let defaultOrder = GuestSortKey.name

    private let repository: any GuestRepository

    /// Every guest, in the order loaded.
    public var guests: RecordTable<Guest> { records.records }
    /// The guests to show: filtered by `filter`, sorted by `order`.
    public var visibleGuests: ListedRows<Guest> { visible }
    public private(set) var stats = GuestStats(guests: [])

    public init(wedding: WeddingID, context: StoreContext) {
        repository = context.guests
        super.init(wedding: wedding, domain: .guests, validity: Self.validity, context: context,
                   gateway: RecordGateway(context.guests.guestRecords, in: wedding), order: Self.defaultOrder, noun: "guest")
    }

    public func guest(_ id: UUID) -> Guest? { record(id) }

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

    // MARK: Deriving

    override func recordsDidChange() {
        stats = GuestStats(guests: records.records)
        super.recordsDidChange()
    }

    override func rowDidChange(from old: Guest?, to new: Guest?) {
        stats.replace(old, with: new)
        super.rowDidChange(from: old, to: new)
    }
}
