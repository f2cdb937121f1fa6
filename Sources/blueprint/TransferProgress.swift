import BlueprintInterchange
import BlueprintTUI
import BlueprintTerminal
import Foundation

/// The progress bar of `blueprint import` and `export`, on standard error when it is a
/// terminal. Anywhere else (a pipe, a file, a script) there is none, and the output is the
/// result alone.
struct TransferProgress: Sendable {
    private let bar: ProgressBar?
    /// Names the data in the bar: the file imported, or what is exported.
    private let subject: String

    init(subject: String) {
        self.subject = subject
        bar = isatty(STDERR_FILENO) == 1
            ? ProgressBar(columns: { TerminalProbe.size(of: STDERR_FILENO)?.columns ?? 80 },
                          write: { FileHandle.standardError.write(Data($0.utf8)) })
            : nil
    }

    /// Where the CSV importer or exporter reports, or `nil` without a bar (so it does not count).
    var handler: CSVProgressHandler? {
        guard let bar else { return nil }
        let subject = subject
        return { progress in
            bar.update(ProgressLine(label: "\(progress.phase.rawValue) \(subject)", done: progress.done, total: progress.total))
        }
    }

    /// Shows a step that cannot be counted ("saving 10000 guests").
    func step(_ label: String) {
        bar?.update(ProgressLine(label: label))
    }

    /// Runs `work` and wipes the bar when it returns or throws, before anything else is printed.
    func around<T>(_ work: () async throws -> T) async rethrows -> T {
        defer { bar?.finish() }
        return try await work()
    }
}
