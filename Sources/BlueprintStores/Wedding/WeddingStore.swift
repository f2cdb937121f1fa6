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

    /// Shows the preview's wedding until the first load lands.
    func show(_ preview: WeddingPreview) {
        guard !isClosed, lastLoadTime == nil, preview.wedding.weddingID == weddingID else { return }
        records.show(RecordTable([preview.wedding]), loadedFrom: records.loadMark())
        isShowingPreview = true
        noteChange()
    }

    @discardableResult
    public func update(_ wedding: Wedding) async -> EditOutcome {
        await records.update(wedding, title: "edit wedding")
    }

    /// Saves a change of the settings and of the guests whose meal follows it (shown at once by
    /// `guests`) as one transaction, undone as one step.
    @discardableResult
    public func change(_ settings: WeddingSettingsChange, guests: GuestStore) async -> EditOutcome {
        await commit(settings.changeSet, title: "change the wedding's settings", alsoShownBy: [guests])
    }

    /// Adds `mealOptions` to the wedding's and imports the guests of `batch` (shown at once by
    /// `guests`) as one transaction, undone as one step: a guest list from another wedding whose
    /// meals this one lacks.
    @discardableResult
    public func importGuests(_ batch: ImportBatch<Guest>, addingMealOptions mealOptions: [String],
                             guests: GuestStore) async -> EditOutcome {
        guard var wedding else { return .failed(.notLoaded(.wedding, id: weddingID.rawValue)) }
        wedding.mealOptions += mealOptions
        var changes = RecordChangeSet()
        changes.updateWedding(wedding)
        changes.apply(batch)
        return await commit(changes, title: "import guests", alsoShownBy: [guests])
    }

    /// Moves the wedding day to `date`; what follows it (`follow`) is taken back with it, as one step.
    @discardableResult
    public func moveDay(to date: CalendarDate) async -> EditOutcome {
        guard var wedding else { return .failed(.notLoaded(.wedding, id: weddingID.rawValue)) }
        wedding.weddingDate = date
        var changes = RecordChangeSet()
        changes.updateWedding(wedding)
        return await commit(changes, title: "move the wedding day")
    }

    /// Saves the checklist `tasks` and run-sheet `items` re-dated for the day `moveDay` just
    /// moved (shown at once by `others`): one transaction, undone with the move as one step.
    @discardableResult
    public func follow(_ tasks: [WeddingTask], _ items: [RunSheetItem], shownBy others: [DomainStore]) async -> EditOutcome {
        var changes = RecordChangeSet()
        for task in tasks { changes.update(task) }
        for item in items { changes.update(item) }
        return await commitJoiningLastStep(changes, alsoShownBy: others)
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
