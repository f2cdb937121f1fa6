import BlueprintConfiguration
import BlueprintDomain
import Foundation
import Glibc
import Logging

/// Where the planner logs while the full-screen interface is up: a file, never the screen.
enum LogFile {
    /// `$XDG_STATE_HOME/blueprint/blueprint.log` (when absolute, as the XDG spec asks), else
    /// `~/.local/state/blueprint/blueprint.log`.
    static func defaultPath(environment: [String: String]) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/blueprint/blueprint.log" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/state/blueprint/blueprint.log"
    }

    /// Sends every logger of the process to `path` (folders made 0700, the file 0600), at the
    /// level in `$BLUEPRINT_LOG_LEVEL` (default `info`), and logs the version and the command as
    /// the process's first line (a database URL's password hidden). If the file cannot be opened, logs are dropped and the returned
    /// note says why, for the status line.
    static func bootstrap(path: String, environment: [String: String]) -> String? {
        let level = environment["BLUEPRINT_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
            return "Logging is off: cannot make \(folder) (\(error.localizedDescription))"
        }
        // Without blocking: a FIFO nobody reads would hold the planner up before its first frame.
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
            return "Logging is off: cannot open \(path) (\(reason))"
        }
        guard isFileOrNull(descriptor) else {
            close(descriptor)
            LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
            return "Logging is off: \(path) is not a regular file (logs never go to a terminal or a pipe)"
        }
        LoggingSystem.bootstrap { label in FileLogHandler(label: label, descriptor: descriptor, logLevel: level) }
        let logger = Logger(label: "blueprint")
        let arguments = DatabaseURL.redactingArguments(Array(CommandLine.arguments.dropFirst()))
        logger.notice("\(BlueprintVersion.banner) started", metadata: ["arguments": "\(arguments.joined(separator: " "))"])
        if let asked = environment["BLUEPRINT_LOG_LEVEL"], Logger.Level(rawValue: asked) == nil {
            let levels = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            logger.warning("BLUEPRINT_LOG_LEVEL=\(asked) is not a level, so the log is at info; the levels are \(levels)")
        }
        return nil
    }

    /// Whether the open file is a regular file, or `/dev/null` (to log nowhere on purpose).
    private static func isFileOrNull(_ descriptor: Int32) -> Bool {
        var status = stat(), null = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        if status.st_mode & S_IFMT == S_IFREG { return true }
        return status.st_mode & S_IFMT == S_IFCHR && stat("/dev/null", &null) == 0 && status.st_rdev == null.st_rdev
    }
}
