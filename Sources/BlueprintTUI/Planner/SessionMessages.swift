import BlueprintDomain
import BlueprintStores
import Foundation

extension PlannerScreen {
    /// Hands `message` to the session it came from (still open), and tells the user what it
    /// says: another session's change, a refusal, edits made offline that conflict.
    func receive(_ message: SessionMessage, in session: WeddingSession) {
        switch session.handle(message) {
        case .externalChange(let change) where change.operation == Invitation.answerOperation:
            report(Self.onlineAnswer(change, now: now, timeZone: timeZone), severity: .info)
        case .externalChange(let change):
            report("Updated from another session: " + Self.nouns(change.kinds) + (change.author.map { " (by \($0))" } ?? ""),
                   severity: .info)
        case .refused(let reason):
            // The header says "✗ refused"; the status line says why.
            report("Read only, from this machine's copy: \(reason)", severity: .error)
        case .offlineConflicts(let conflicts):
            offerOfflineConflict(conflicts, asked: false)
        case nil:
            break
        }
    }

    /// A household's answer from its RSVP page, in words: "Ana Ruiz answered online: attending ·
    /// just now" (each member whose answer changed; the household when only its message did).
    static func onlineAnswer(_ change: RepositoryChange, now: Timestamp, timeZone: TimeZone) -> String {
        let guests = (change.records ?? []).compactMap { $0.mutation.savedRecord(as: Guest.self) }
        let answers = guests.enumerated().map { index, guest in
            guest.fullName + (index == 0 ? " answered online: " : ": ") + (guest.rsvp == .attending ? "attending" : "not attending")
        }
        let who = answers.isEmpty ? (change.author ?? "A household") + " answered online" : answers.joined(separator: "; ")
        let when = change.activity.map { " · " + Formats.ago($0.at, now: now, timeZone: timeZone) } ?? ""
        return who + when
    }

    private static func nouns(_ kinds: Set<RecordKind>) -> String {
        let nouns: [(RecordKind, String)] = [(.wedding, "wedding settings"), (.guest, "guests"), (.category, "budget"),
                                             (.expense, "expenses"), (.vendor, "vendors"), (.task, "tasks"),
                                             (.milestone, "milestones"), (.runSheetItem, "run sheet"), (.gift, "gifts"),
                                             (.moneyOwed, "money owed"), (.scenario, "budget scenarios"),
                                             (.seatingTable, "tables"), (.seatingRule, "seating rules"), (.note, "notes"),
                                             (.document, "documents"), (.invitation, "invitations")]
        return nouns.filter { kinds.contains($0.0) }.map(\.1).joined(separator: ", ")
    }
}
