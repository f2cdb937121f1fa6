import BlueprintDomain
import Foundation

/// A store of one kind of record shown as a list: the records, the rows to show after filter,
/// sort and search, and create / update / delete intents that change the list at once and roll
/// back if the write fails. The guest, vendor and task stores add their figures and intents.
@MainActor
public class ListStore<Key: ListSortKey, Filter: RecordFilter>: DomainStore
where Key.Row: TextSearchable, Filter.Row == Key.Row {
    public typealias Row = Key.Row

    lazy var records: RecordCollection<Row> = {
        let records = RecordCollection(gateway, in: self)
        records.rowChanged = { [unowned self] old, new, position in
            list.replace(old, with: new, in: self.records.records, position: position)
            rowDidChange(from: old, to: new)
        }
        return records
    }()
    private let gateway: RecordGateway<Row>
    private var list: RowList<Key>
    /// What the record is called in undo titles ("guest").
    private let noun: String

    /// The rows to show: filtered by `filter`, sorted by `order`.
    public var visible: ListedRows<Row> { list.visible(in: records.records) }
    /// Counts the changes to `visible`: what is derived from the rows is derived again only when
    /// it changes.
    public var visibleRevision: Int { list.revision }
    /// Where `searchText` matches among `visible`.
    public var searchMatches: SearchMatches { list.matches }
    /// The open conflict, if an edit lost to someone else's.
    public var conflict: EditConflict<Row>? { records.conflict }

    /// Narrows `visible`; `filter.text` is type-to-filter, and also lets through the records
    /// whose notes contain it (found in `notes`, once per text).
    public var filter = Filter.none {
        didSet {
            guard filter != oldValue else { return }
            list.setFilter(withNotedIDs(filter), in: records.records)
            noteChange()
        }
    }

    /// The wedding's notes, which the filter's text and the search also look in; `nil`: they look
    /// in the records' own fields alone.
    weak var notes: NotesStore?

    public var order: ListOrder<Key> {
        get { list.order }
        set {
            guard newValue != list.order else { return }
            list.setOrder(newValue, in: records.records)
            noteChange()
        }
    }

    /// What `/` searches for among the visible rows (the fields of `TextSearchable`); empty
    /// ends the search.
    public var searchText = "" {
        didSet {
            guard searchText != oldValue else { return }
            list.setSearch(searchText, noted: notedIDs(matching: TextQuery(searchText)), in: records.records)
            noteChange()
        }
    }

    /// `alsoKeeping` names the kinds of record a subclass keeps beside the rows (and loads and
    /// applies itself).
    init(wedding: WeddingID, domain: StoreDomain, validity: Duration, context: StoreContext,
         gateway: RecordGateway<Row>, order: Key, noun: String, alsoKeeping kinds: Set<RecordKind> = []) {
        self.gateway = gateway
        self.noun = noun
        list = RowList(order: ListOrder(order), today: context.today)
        super.init(weddingID: wedding, domain: domain, validity: validity, recordKinds: kinds.union([Row.kind]), context: context)
    }

    /// Shows `rows`, the first rows of the list in its opening order, until the first load
    /// lands; false (nothing shown) once a load has landed.
    func showPreview(_ rows: [Row]) -> Bool {
        guard !isClosed, lastLoadTime == nil else { return false }
        isShowingPreview = true
        list.showPreview(rows)
        noteChange()
        return true
    }

    /// The loaded record with `id`, as shown (pending edits included).
    public func record(_ id: UUID) -> Row? { records[id] }

    @discardableResult
    public func create(_ row: Row) async -> EditOutcome {
        await records.create(row, title: "add \(noun)")
    }

    /// Saves `row`, which carries the version it was read at; a stale one is a conflict.
    @discardableResult
    public func update(_ row: Row) async -> EditOutcome {
        await records.update(row, title: "edit \(noun)")
    }

    @discardableResult
    public func delete(_ id: UUID) async -> EditOutcome {
        await records.delete(id: id, title: "delete \(noun)")
    }

    override func fetchRecords() async throws -> @MainActor () -> Void {
        let mark = records.loadMark()
        let rows = try await records.gateway.fetchAll()
        return { self.records.show(rows, loadedFrom: mark) }
    }

    override func apply(_ change: RecordChange) {
        if change.kind == Row.kind { records.apply(change) }
    }

    override func recordsDidChange() {
        list.show(records.records, today: today)
        super.recordsDidChange()
    }

    /// Finds the records the filter's text and the search match by their notes again, after the
    /// notes changed.
    func notesChanged() {
        guard !filter.text.isEmpty || !searchText.isEmpty else { return }
        if !filter.text.isEmpty { list.setFilter(withNotedIDs(filter), in: records.records) }
        list.setSearch(searchText, noted: notedIDs(matching: TextQuery(searchText)), in: records.records)
        noteChange()
    }

    /// `filter` with the records whose notes contain its text among its `notedIDs`.
    private func withNotedIDs(_ filter: Filter) -> Filter {
        var filter = filter
        filter.notedIDs.formUnion(notedIDs(matching: filter.text))
        return filter
    }

    /// The records of this kind with a note containing `query`.
    private func notedIDs(matching query: TextQuery) -> Set<UUID> {
        notes?.subjectIDs(of: Row.kind, matching: query) ?? []
    }

    /// Brings what is derived from the records up to date after one record changed (its rows
    /// are patched already): `old` replaced by `new`, either `nil` for an insertion or a
    /// removal. Subclasses override it to patch their figures, then call `super`.
    func rowDidChange(from old: Row?, to new: Row?) { noteChange() }
}
