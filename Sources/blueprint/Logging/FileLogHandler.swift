import BlueprintDomain
import BlueprintText
import Foundation
import Glibc
import Logging

/// Writes log lines to an open file, one `write` per line (appends of a line are atomic, so
/// lines from several threads never interleave).
///
/// swift-log ships only a stream handler for standard output and error, which would draw over
/// the full-screen interface; this is the file handler it leaves to applications.
struct FileLogHandler: LogHandler {
    let label: String
    let descriptor: Int32
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// `2026-05-01T10:15:02.123Z warning blueprint.cache: slow operation duration=120ms operation=load guests`
    func log(event: LogEvent) {
        var fields = metadata
        if let extra = event.metadata { fields.merge(extra) { _, new in new } }
        let details = fields.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        let message = TerminalSanitizer.sanitize("\(event.message)\(details)")
        let line = "\(Timestamp(Date())) \(event.level) \(label): \(message)\n"
        var bytes = Array(line.utf8)
        _ = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
