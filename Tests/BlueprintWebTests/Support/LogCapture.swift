import Logging
import Synchronization

/// A log handler that keeps every line, for tests that check what the server logs.
final class LogCapture: Sendable {
    private let lines = Mutex<[String]>([])

    var logged: [String] { lines.withLock { $0 } }

    var logger: Logger {
        Logger(label: "test") { _ in Handler(capture: self) }
    }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            capture.lines.withLock { $0.append("\(event.message) \(all)") }
        }
    }
}
