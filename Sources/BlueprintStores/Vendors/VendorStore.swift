import BlueprintDomain
import Foundation

/// The vendors of the open wedding, ready to draw: rows after filter, sort and search, and the
/// figures. Intents change vendors at once and roll back if the write fails.
@MainActor
public final class VendorStore: DomainStore {
    public static let validity = Duration.seconds(10 * 60)

    private let repository: any VendorRepository
    private lazy var records = RecordCollection(.vendors(repository, in: weddingID), in: self)
    private var list = RowList(order: ListOrder(VendorSortKey.name))

    /// Every vendor, in the order loaded.
    public var vendors: [Vendor] { records.records }
    /// The vendors to show: filtered by `filter`, sorted by `order`.
    public var visibleVendors: [Vendor] { list.visible }
    public private(set) var stats = VendorStats(vendors: [])
    /// Where `searchText` matches among `visibleVendors`.
    public var searchMatches: SearchMatches { list.matches }
    /// The open conflict, if an edit to a vendor lost to someone else's.
    public var conflict: EditConflict<Vendor>? { records.conflict }

    public var filter = VendorFilter() {
        didSet {
            guard filter != oldValue else { return }
            list.setFilter(filter.matches)
            signalUpdate()
        }
    }

    public var order: ListOrder<VendorSortKey> {
        get { list.order }
        set {
            guard newValue != list.order else { return }
            list.setOrder(newValue)
            signalUpdate()
        }
    }

    /// What `/` searches for among the visible vendors (name, contact, email, phone, website,
    /// notes); empty ends the search.
    public var searchText = "" {
        didSet {
            guard searchText != oldValue else { return }
            list.setSearch(searchText, matches: VendorFilter(text: searchText).matches)
            signalUpdate()
        }
    }

    public init(wedding: WeddingID, context: StoreContext) {
        repository = context.vendors
        super.init(weddingID: wedding, domain: .vendors, validity: Self.validity, recordKinds: [.vendor], context: context)
    }

    public func vendor(_ id: UUID) -> Vendor? { records[id] }

    // MARK: Intents

    @discardableResult
    public func create(_ vendor: Vendor) async -> EditOutcome {
        await records.create(vendor, title: "add vendor")
    }

    /// Saves `vendor`, which carries the version it was read at; a stale one is a conflict.
    @discardableResult
    public func update(_ vendor: Vendor) async -> EditOutcome {
        await records.update(vendor, title: "edit vendor")
    }

    /// Deletes the vendor; expenses and tasks that named it are unlinked (undo does not relink them).
    @discardableResult
    public func delete(_ id: UUID) async -> EditOutcome {
        await records.delete(id: id, title: "delete vendor")
    }

    /// Marks the vendor booked on `date` (today if `nil`).
    @discardableResult
    public func book(_ id: UUID, on date: CalendarDate? = nil) async -> EditOutcome {
        guard var vendor = records[id] else { return .failed(.notLoaded(.vendor, id: id)) }
        vendor.status = .booked
        vendor.bookedDate = date ?? today
        return await records.update(vendor, title: "book vendor")
    }

    /// Adds and updates many vendors in one all-or-nothing write (a CSV import). Not undoable.
    public func importVendors(_ batch: ImportBatch<Vendor>) async -> Result<ImportSummary, StoreError> {
        let repository = self.repository, wedding = weddingID
        return await records.importRecords(batch.inserts + batch.updates) {
            try await repository.importVendors(batch, in: wedding)
        }
    }

    // MARK: Loading and deriving

    override func fetchRecords() async throws -> @MainActor () -> Void {
        let mark = records.loadMark()
        let vendors = try await records.gateway.fetchAll()
        return { self.records.show(vendors, loadedFrom: mark) }
    }

    override func recordsDidChange() {
        stats = VendorStats(vendors: records.records)
        list.show(records.records)
        super.recordsDidChange()
    }
}
