import BlueprintCache
import BlueprintDomain
import BlueprintStores

/// What the planner screen uses besides the stores: where the cache reports its figures, and
/// how files are imported and exported (the command line's `:import` and `:export`), which the
/// executable provides since the screen knows nothing of file formats.
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

    public init(monitor: PerformanceMonitor = .shared, cacheEntries: @escaping @Sendable () -> Int = { 0 },
                transfer: (any DataTransfer)? = nil, readOnlyNote: @escaping @Sendable (WeddingID) -> String? = { _ in nil },
                checklist: ChecklistTemplate? = nil) {
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

    /// Kinds that import from CSV.
    public static let importable: [TransferKind] = [.guests, .vendors, .expenses]
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
    func importFile(_ kind: TransferKind, path: String, sheet: String?, into session: WeddingSession) async throws -> String
    func exportFile(_ kind: TransferKind, format: TransferFormat, path: String, from session: WeddingSession) async throws -> String
}
