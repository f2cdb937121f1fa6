import BlueprintDomain
import BlueprintStores

extension PlannerScreen {
    /// Hands `message` to the session it came from (still open), and tells the user what it
    /// says: another session's change, a refusal, edits made offline that conflict.
    func receive(_ message: SessionMessage, in session: WeddingSession) {
        switch session.handle(message) {
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
