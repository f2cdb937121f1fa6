import BlueprintDomain
import Foundation

/// The open wedding's timeline, ready to draw: the milestones by date, the run sheet by day and
/// time, and the run sheet's clashes. Intents change milestones and run-sheet items at once and
/// roll back if the write fails; each is undoable.
///
/// Changes (this session's writes and other sessions') are patched in: the changed record is
/// moved to its place in its list, and the clashes are found again (a sweep of the run sheet,
/// which is a day's worth of items). Nothing is reloaded after a write.
@MainActor
public final class TimelineStore: DomainStore {
    public static let validity = Duration.seconds(10 * 60)

    private let milestoneRepository: any RecordRepository<Milestone>
    private let itemRepository: any RecordRepository<RunSheetItem>
    private var milestoneRows = SortedRecords<Milestone>(by: TimelineStore.precedes)
    private var itemRows = SortedRecords<RunSheetItem>(by: TimelineStore.precedes)
    private var clashesByItem: [UUID: [RunSheetClash]] = [:]

    private lazy var milestoneRecords: RecordCollection<Milestone> = {
        let records = RecordCollection(RecordGateway(milestoneRepository, in: weddingID), in: self)
        records.rowChanged = { [unowned self] old, new, _ in
            milestoneRows.replace(old, with: new, in: milestoneRecords.records)
            noteChange()
        }
        return records
    }()

    private lazy var itemRecords: RecordCollection<RunSheetItem> = {
        let records = RecordCollection(RecordGateway(itemRepository, in: weddingID), in: self)
        records.rowChanged = { [unowned self] old, new, _ in
            itemRows.replace(old, with: new, in: itemRecords.records)
            findClashes()
            noteChange()
        }
        return records
    }()

    /// Every milestone, by date (then title).
    public var milestones: ListedRows<Milestone> { milestoneRows.records(in: milestoneRecords.records) }
    /// Every run-sheet item, in run-sheet order: by day, start, end, then title.
    public var runSheet: ListedRows<RunSheetItem> { itemRows.records(in: itemRecords.records) }
    /// Every clash of the run sheet, in run-sheet order of their first item.
    public private(set) var clashes: [RunSheetClash] = []
    /// The open conflict, if an edit to a milestone lost to someone else's.
    public var milestoneConflict: EditConflict<Milestone>? { milestoneRecords.conflict }
    /// The open conflict, if an edit to a run-sheet item lost to someone else's.
    public var itemConflict: EditConflict<RunSheetItem>? { itemRecords.conflict }

    public init(wedding: WeddingID, context: StoreContext) {
        milestoneRepository = context.records.records(Milestone.self)
        itemRepository = context.records.records(RunSheetItem.self)
        super.init(weddingID: wedding, domain: .timeline, validity: Self.validity,
                   recordKinds: [.milestone, .runSheetItem], context: context)
    }

    public func milestone(_ id: UUID) -> Milestone? { milestoneRecords[id] }
    public func item(_ id: UUID) -> RunSheetItem? { itemRecords[id] }

    /// The clashes the item with `id` is in (as the first item or the second).
    public func clashes(involving id: UUID) -> [RunSheetClash] { clashesByItem[id] ?? [] }

    /// Milestones past their date and not done, as of today.
    public var overdueMilestoneCount: Int {
        let today = self.today
        return milestones.count { $0.isOverdue(today: today) }
    }

    // MARK: Milestone intents

    @discardableResult
    public func createMilestone(_ milestone: Milestone) async -> EditOutcome {
        await milestoneRecords.create(milestone, title: "add milestone")
    }

    /// Saves `milestone`, which carries the version it was read at; a stale one is a conflict.
    @discardableResult
    public func updateMilestone(_ milestone: Milestone) async -> EditOutcome {
        await milestoneRecords.update(milestone, title: "edit milestone")
    }

    @discardableResult
    public func deleteMilestone(_ id: UUID) async -> EditOutcome {
        await milestoneRecords.delete(id: id, title: "delete milestone")
    }

    /// Marks the milestone done, or not done again.
    @discardableResult
    public func toggleDone(_ id: UUID) async -> EditOutcome {
        guard var milestone = milestoneRecords[id] else { return .failed(.notLoaded(.milestone, id: id)) }
        milestone.isDone.toggle()
        return await milestoneRecords.update(milestone, title: milestone.isDone ? "mark milestone done" : "reopen milestone")
    }

    // MARK: Run-sheet intents

    @discardableResult
    public func createItem(_ item: RunSheetItem) async -> EditOutcome {
        await itemRecords.create(item, title: "add run-sheet item")
    }

    /// Saves `item`, which carries the version it was read at; a stale one is a conflict.
    @discardableResult
    public func updateItem(_ item: RunSheetItem) async -> EditOutcome {
        await itemRecords.update(item, title: "edit run-sheet item")
    }

    @discardableResult
    public func deleteItem(_ id: UUID) async -> EditOutcome {
        await itemRecords.delete(id: id, title: "delete run-sheet item")
    }

    // MARK: Loading and deriving

    override func fetchRecords() async throws -> @MainActor () -> Void {
        let milestoneMark = milestoneRecords.loadMark(), itemMark = itemRecords.loadMark()
        let (milestones, items) = (milestoneRecords.gateway, itemRecords.gateway)
        async let loadedMilestones = milestones.fetchAll()
        async let loadedItems = items.fetchAll()
        let loaded = try await (loadedMilestones, loadedItems)
        return {
            self.milestoneRecords.show(loaded.0, loadedFrom: milestoneMark)
            self.itemRecords.show(loaded.1, loadedFrom: itemMark)
        }
    }

    override func apply(_ change: RecordChange) {
        switch change.kind {
        case .milestone: milestoneRecords.apply(change)
        case .runSheetItem: itemRecords.apply(change)
        default: break
        }
    }

    override func recordsDidChange() {
        milestoneRows.show(milestoneRecords.records)
        itemRows.show(itemRecords.records)
        findClashes()
        super.recordsDidChange()
    }

    private func findClashes() {
        clashes = RunSheetClash.find(in: runSheet)
        var byItem: [UUID: [RunSheetClash]] = [:]
        for clash in clashes {
            byItem[clash.first, default: []].append(clash)
            byItem[clash.second, default: []].append(clash)
        }
        clashesByItem = byItem
    }

    // MARK: Orders

    /// By date, then title, then id.
    nonisolated static func precedes(_ lhs: Milestone, _ rhs: Milestone) -> Bool {
        if lhs.date != rhs.date { return lhs.date < rhs.date }
        switch lhs.title.localizedStandardCompare(rhs.title) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: return lhs.id < rhs.id
        }
    }

    /// Run-sheet order, then id.
    nonisolated static func precedes(_ lhs: RunSheetItem, _ rhs: RunSheetItem) -> Bool {
        if RunSheetItem.precedes(lhs, rhs) { return true }
        if RunSheetItem.precedes(rhs, lhs) { return false }
        return lhs.id < rhs.id
    }
}
