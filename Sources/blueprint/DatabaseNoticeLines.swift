import BlueprintDomain
import BlueprintPostgres
import BlueprintText
import BlueprintTUI
import Foundation

/// The lines a command prints on standard error as the database host tells it things
/// (`DatabaseNotice`): that it works from this machine's copy, and how old that is; that a change
/// was queued, and how to send it; whose change a write waits for.
enum DatabaseNoticeLines {
    /// Prints `notice`'s line on standard error.
    @Sendable static func print(_ notice: DatabaseNotice) {
        let line = line(for: notice, now: Timestamp(Date()), timeZone: .current)
        FileHandle.standardError.write(Data((TerminalSanitizer.sanitizeLines(line) + "\n").utf8))
    }

    static func line(for notice: DatabaseNotice, now: Timestamp, timeZone: TimeZone) -> String {
        switch notice {
        case let .workingOffline(unreachable, _, lastSynced):
            return "warning: \(unreachable); working from this machine's copy"
                + (lastSynced.map { ", last synced " + Formats.ago($0, now: now, timeZone: timeZone) } ?? "")
        case let .queued(unreachable, _):
            return "warning: \(unreachable): the change is saved on this machine and queued, and is sent when the "
                + "database answers (`blueprint wedding sync` sends it then)"
        case let .waiting(holder, waited):
            let held = holder?.heldFor.map(\.components.seconds).flatMap { $0 > 0 ? "held for \($0) s" : nil }
                ?? (waited.components.seconds > 0 ? "\(waited.components.seconds) s so far" : nil)
            return "waiting for \(holder?.description ?? "another session's change") to this wedding"
                + (held.map { " (\($0))" } ?? "") + "…"
        }
    }
}
