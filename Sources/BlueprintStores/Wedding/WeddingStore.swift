import BlueprintDomain

/// The open wedding's own record: names, date, currency, total budget, meal options.
@MainActor
public final class WeddingStore: DomainStore {
    public static let validity = Duration.seconds(10 * 60)

    private let repository: any WeddingRepository
    private lazy var records = RecordCollection(.wedding(repository, weddingID), in: self)

    /// `nil` until loaded.
    public var wedding: Wedding? { records.records.first }
    /// Days from today to the wedding date (negative once it has passed); `nil` without a date.
    public var daysUntilWedding: Int? { wedding?.weddingDate.map { $0.days(since: today) } }
    /// The open conflict, if an edit to the settings lost to someone else's.
    public var conflict: EditConflict<Wedding>? { records.conflict }

    public init(wedding: WeddingID, context: StoreContext) {
        repository = context.weddings
        super.init(weddingID: wedding, domain: .wedding, validity: Self.validity, recordKinds: [.wedding], context: context)
    }

    /// Saves the settings in `wedding`, which carries the version it was read at; a stale one is a conflict.
    /// Shows the preview's wedding until the first load lands.
    func show(_ preview: WeddingPreview) {
        guard !isClosed, lastLoadTime == nil, preview.wedding.weddingID == weddingID else { return }
        records.show([preview.wedding], loadedFrom: records.loadMark())
        isShowingPreview = true
        signalUpdate()
    }

    @discardableResult
    public func update(_ wedding: Wedding) async -> EditOutcome {
        await records.update(wedding, title: "edit wedding")
    }

    override func fetchRecords() async throws -> @MainActor () -> Void {
        let mark = records.loadMark()
        let wedding = try await records.gateway.fetchAll()
        return { self.records.show(wedding, loadedFrom: mark) }
    }

    override func apply(_ change: RecordChange) {
        if change.kind == .wedding { records.apply(change) }
    }
}
