import BlueprintCache
import BlueprintDomain
import BlueprintStores

/// What the planner screen uses besides the stores: where the cache reports its figures, how
/// files are imported and exported (the command line's `:import` and `:export`), which the
/// executable provides since the screen knows nothing of file formats, and the process's
/// environment and terminal, to open a document with another program.
public struct PlannerServices: Sendable {
    /// The monitor the cache and the warmer report to, for the diagnostics view.
    public var monitor: PerformanceMonitor
    /// How many entries the cache holds now.
    public var cacheEntries: @Sendable () -> Int
    /// Imports and exports; nil where the app has no file access (tests of other parts).
    public var transfer: (any DataTransfer)?
    /// Why a wedding can be read but not changed (a folder that may not be written), said
    /// whenever it is opened; `nil` for a wedding that can be changed.
    public var readOnlyNote: @Sendable (WeddingID) -> String?
    /// The planning checklist whose open tasks follow the wedding date when `:date` moves it;
    /// `nil` where the app has none.
    public var checklist: ChecklistTemplate?
    /// The process's environment: whether the session is over ssh, and the pager to show text with.
    public var environment: [String: String]
    /// Runs its argument (another program in the foreground) with the terminal handed back
    /// (`TerminalApp.suspend(while:)`), then takes it again and repaints; `nil` where the app
    /// has no terminal to give (tests), so no document is opened.
    public var runOutsideTerminal: (@MainActor @Sendable (_ body: @MainActor () -> Void) -> Void)?

    public init(monitor: PerformanceMonitor = .shared, cacheEntries: @escaping @Sendable () -> Int = { 0 },
                transfer: (any DataTransfer)? = nil, readOnlyNote: @escaping @Sendable (WeddingID) -> String? = { _ in nil },
                checklist: ChecklistTemplate? = nil, environment: [String: String] = [:],
                runOutsideTerminal: (@MainActor @Sendable (_ body: @MainActor () -> Void) -> Void)? = nil) {
        self.environment = environment
        self.runOutsideTerminal = runOutsideTerminal
        self.monitor = monitor
        self.cacheEntries = cacheEntries
        self.transfer = transfer
        self.readOnlyNote = readOnlyNote
        self.checklist = checklist
    }
}

/// What can be imported or exported.
public enum TransferKind: String, CaseIterable, Sendable {
    case guests, vendors, expenses, tasks

    /// One of them, in words: "guest".
    public var noun: String { String(rawValue.dropLast()) }

    /// Kinds that import from CSV.
    public static let importable: [TransferKind] = [.guests, .vendors, .expenses]
}

/// A guest file chose meal options the wedding lacks: the import waits for the person to say
/// whether to add them.
public struct MealOptionsToAdd: Error, Sendable, Equatable {
    /// The file's name, for the question.
    public let fileName: String
    /// The options, as the file spells them.
    public let options: [String]

    public init(fileName: String, options: [String]) {
        self.fileName = fileName
        self.options = options
    }
}

/// File formats for export.
public enum TransferFormat: String, CaseIterable, Sendable {
    case csv, json
}

/// Imports and exports files for the open wedding. Imports go through the session's stores, so
/// the panes show the new records at once; each method returns a one-line report for the
/// status line, or throws an error whose description names the file and the problem.
@MainActor
public protocol DataTransfer: Sendable {
    /// Imports the CSV file at `path`, or the sheet `sheet` of the workbook there (`nil`: its
    /// first), all or nothing.
    ///
    /// - Throws: `MealOptionsToAdd` when the guests chose meals the wedding lacks and
    ///   `addingMealOptions` is false (nothing is imported); with it, they are added in the same write.
    func importFile(_ kind: TransferKind, path: String, sheet: String?, addingMealOptions: Bool,
                    into session: WeddingSession) async throws -> String
    /// Exports to the file at `path`; an existing file is refused unless `replacing`.
    func exportFile(_ kind: TransferKind, format: TransferFormat, path: String, replacing: Bool,
                    from session: WeddingSession) async throws -> String
}
