import BlueprintDomain
import Foundation

/// The files that hold a wedding's records, each as whole tables in table order.
///
/// Every file also records `journalGeneration`: the generation of the journal whose changes it
/// already contains. Opening replays a journal's changes only into files older than it, so a
/// crash part-way through rewriting the files (some new, some old) still opens exactly.
enum SnapshotFile: String, CaseIterable, Sendable, Comparable {
    case wedding, guests, budget, vendors, tasks, timeline, gifts, scenarios, seating, notes, documents

    var fileName: String { rawValue + ".json" }

    /// The file that holds records of `kind`.
    init(_ kind: RecordKind) {
        switch kind {
        case .wedding: self = .wedding
        case .guest: self = .guests
        case .category, .expense: self = .budget
        case .vendor: self = .vendors
        case .task: self = .tasks
        case .milestone, .runSheetItem: self = .timeline
        case .gift, .moneyOwed: self = .gifts
        case .scenario: self = .scenarios
        case .seatingTable, .seatingRule: self = .seating
        case .note: self = .notes
        case .document: self = .documents
        }
    }

    static func < (lhs: SnapshotFile, rhs: SnapshotFile) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

// What each file holds, for reading; `SnapshotEncoding` writes the same members.
private struct WeddingFile: Decodable { var journalGeneration: Int; var wedding: Wedding }
private struct GuestsFile: Decodable { var journalGeneration: Int; var guests: [Guest] }
private struct BudgetFile: Decodable { var journalGeneration: Int; var categories: [BudgetCategory]; var expenses: [Expense] }
private struct VendorsFile: Decodable { var journalGeneration: Int; var vendors: [Vendor] }
private struct TasksFile: Decodable { var journalGeneration: Int; var tasks: [WeddingTask] }
private struct TimelineFile: Decodable { var journalGeneration: Int; var milestones: [Milestone]; var runSheet: [RunSheetItem] }
private struct GiftsFile: Decodable { var journalGeneration: Int; var gifts: [Gift]; var moneyOwed: [MoneyOwed] }
private struct ScenariosFile: Decodable { var journalGeneration: Int; var scenarios: [BudgetScenario] }
private struct SeatingFile: Decodable { var journalGeneration: Int; var tables: [SeatingTable]; var rules: [SeatingRule] }
private struct NotesFile: Decodable { var journalGeneration: Int; var notes: [Note] }
private struct DocumentsFile: Decodable { var journalGeneration: Int; var documents: [Document] }

/// Records read from snapshot files, before they become a `WeddingDataset`.
struct SnapshotParts {
    var wedding: Wedding?
    var guests: [Guest] = []
    var categories: [BudgetCategory] = []
    var expenses: [Expense] = []
    var vendors: [Vendor] = []
    var tasks: [WeddingTask] = []
    var milestones: [Milestone] = []
    var runSheet: [RunSheetItem] = []
    var gifts: [Gift] = []
    var moneyOwed: [MoneyOwed] = []
    var scenarios: [BudgetScenario] = []
    var seatingTables: [SeatingTable] = []
    var seatingRules: [SeatingRule] = []
    var notes: [Note] = []
    var documents: [Document] = []

    /// Decodes `data` as `file` into these parts with `decoder` and returns the file's journal generation.
    mutating func decode(_ file: SnapshotFile, from data: Data, decoder: StoreJSONDecoder = StoreJSONDecoder()) throws -> Int {
        switch file {
        case .wedding:
            let content = try decoder.decode(WeddingFile.self, from: data)
            wedding = content.wedding
            return content.journalGeneration
        case .guests:
            let content = try decoder.decode(GuestsFile.self, from: data)
            guests = content.guests
            return content.journalGeneration
        case .budget:
            let content = try decoder.decode(BudgetFile.self, from: data)
            categories = content.categories
            expenses = content.expenses
            return content.journalGeneration
        case .vendors:
            let content = try decoder.decode(VendorsFile.self, from: data)
            vendors = content.vendors
            return content.journalGeneration
        case .tasks:
            let content = try decoder.decode(TasksFile.self, from: data)
            tasks = content.tasks
            return content.journalGeneration
        case .timeline:
            let content = try decoder.decode(TimelineFile.self, from: data)
            milestones = content.milestones
            runSheet = content.runSheet
            return content.journalGeneration
        case .gifts:
            let content = try decoder.decode(GiftsFile.self, from: data)
            gifts = content.gifts
            moneyOwed = content.moneyOwed
            return content.journalGeneration
        case .scenarios:
            let content = try decoder.decode(ScenariosFile.self, from: data)
            scenarios = content.scenarios
            return content.journalGeneration
        case .seating:
            let content = try decoder.decode(SeatingFile.self, from: data)
            seatingTables = content.tables
            seatingRules = content.rules
            return content.journalGeneration
        case .notes:
            let content = try decoder.decode(NotesFile.self, from: data)
            notes = content.notes
            return content.journalGeneration
        case .documents:
            let content = try decoder.decode(DocumentsFile.self, from: data)
            documents = content.documents
            return content.journalGeneration
        }
    }

    /// Takes the records `file` holds from `other` (which decoded that file).
    mutating func adopt(_ file: SnapshotFile, from other: SnapshotParts) {
        switch file {
        case .wedding: wedding = other.wedding
        case .guests: guests = other.guests
        case .budget:
            categories = other.categories
            expenses = other.expenses
        case .vendors: vendors = other.vendors
        case .tasks: tasks = other.tasks
        case .timeline:
            milestones = other.milestones
            runSheet = other.runSheet
        case .gifts:
            gifts = other.gifts
            moneyOwed = other.moneyOwed
        case .scenarios: scenarios = other.scenarios
        case .seating:
            seatingTables = other.seatingTables
            seatingRules = other.seatingRules
        case .notes: notes = other.notes
        case .documents: documents = other.documents
        }
    }

    func dataset(wedding: Wedding) -> WeddingDataset {
        WeddingDataset(wedding: wedding, guests: guests, categories: categories, expenses: expenses,
                       vendors: vendors, tasks: tasks, milestones: milestones, runSheet: runSheet, gifts: gifts,
                       moneyOwed: moneyOwed, scenarios: scenarios, seatingTables: seatingTables, seatingRules: seatingRules,
                       notes: notes, documents: documents)
    }
}

enum SnapshotEncoding {
    private static let generationKey = "journalGeneration"

    /// Writes the text of `file` for `dataset`, stamped with the journal generation it contains,
    /// to `sink` record by record; returns its size. Members go in the order of their keys.
    @discardableResult
    static func write(_ file: SnapshotFile, of dataset: WeddingDataset, generation: Int,
                      to sink: @escaping JSONObjectStream.Sink) throws -> Int {
        let stream = JSONObjectStream(style: .pretty, into: sink)
        switch file {
        case .wedding:
            try stream.member(generationKey, generation)
            try stream.member("wedding", dataset.wedding)
        case .guests:
            try stream.member("guests", elements: dataset.guests)
            try stream.member(generationKey, generation)
        case .budget:
            try stream.member("categories", elements: dataset.categories)
            try stream.member("expenses", elements: dataset.expenses)
            try stream.member(generationKey, generation)
        case .vendors:
            try stream.member(generationKey, generation)
            try stream.member("vendors", elements: dataset.vendors)
        case .tasks:
            try stream.member(generationKey, generation)
            try stream.member("tasks", elements: dataset.tasks)
        case .timeline:
            try stream.member(generationKey, generation)
            try stream.member("milestones", elements: dataset.milestones)
            try stream.member("runSheet", elements: dataset.runSheet)
        case .gifts:
            try stream.member("gifts", elements: dataset.gifts)
            try stream.member(generationKey, generation)
            try stream.member("moneyOwed", elements: dataset.moneyOwed)
        case .scenarios:
            try stream.member(generationKey, generation)
            try stream.member("scenarios", elements: dataset.scenarios)
        case .seating:
            try stream.member(generationKey, generation)
            try stream.member("rules", elements: dataset.seatingRules)
            try stream.member("tables", elements: dataset.seatingTables)
        case .notes:
            try stream.member(generationKey, generation)
            try stream.member("notes", elements: dataset.notes)
        case .documents:
            try stream.member("documents", elements: dataset.documents)
            try stream.member(generationKey, generation)
        }
        return try stream.finish()
    }
}
