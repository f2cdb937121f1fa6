/// How far a CSV import or export has got: for a progress bar on long files.
public struct CSVProgress: Sendable, Equatable {
    public enum Phase: String, Sendable, CaseIterable {
        /// Reading the file's rows, each into a record as it is read. Counted in the file's lines
        /// (a quoted field may span several), so `total` is known from the start.
        case reading
        /// Checking the records the import would write against the wedding's rules.
        case validating
        /// Writing records as CSV rows.
        case exporting
    }

    public let phase: Phase
    public let done: Int
    public let total: Int

    public init(phase: Phase, done: Int, total: Int) {
        self.phase = phase
        self.done = done
        self.total = total
    }
}

/// Receives progress on the thread doing the work: every `CSVProgressReporter.stride` rows and
/// at the end of each phase. It should return quickly.
public typealias CSVProgressHandler = @Sendable (CSVProgress) -> Void

/// Calls a handler, if there is one, every `stride` steps of a phase and at its end, so a loop
/// pays one remainder per row for it.
struct CSVProgressReporter: Sendable {
    /// Steps between two reports.
    static let stride = 256

    let handler: CSVProgressHandler?

    var isActive: Bool { handler != nil }

    /// Reports when `step` (the count of steps taken, `done` unless the two differ) is a
    /// multiple of `stride`, or when the phase is done.
    func report(_ phase: CSVProgress.Phase, done: Int, total: Int, step: Int? = nil) {
        guard let handler, (step ?? done) % Self.stride == 0 || done == total else { return }
        handler(CSVProgress(phase: phase, done: done, total: total))
    }
}
