import BlueprintDomain
import BlueprintStores
import Foundation

/// What wakes the planner while a wedding is open: each store's updates, the activity feed, the
/// connection, presence, edits made offline that conflict, and other sessions' changes. Nothing
/// polls; each asks for a frame. Cancelled when the wedding closes.
@MainActor
final class SessionObservation {
    private var tasks: [Task<Void, Never>] = []

    /// Starts observing `session`: `redraw` asks for a frame, `report` tells the status line,
    /// and `offerOfflineConflicts` hears the offline conflicts kept (on opening too).
    init(_ session: WeddingSession, redraw: @escaping @MainActor () -> Void,
         report: @escaping @MainActor (String, StatusLine.Severity) -> Void,
         offerOfflineConflicts: @escaping @MainActor ([OfflineConflict]) -> Void) {
        for store in session.stores { redrawing(on: store.updates(), redraw) }
        redrawing(on: session.activity.updates(), redraw)
        let connectionChanges = session.connectionChanges()
        tasks.append(Task {
            for await connection in connectionChanges {
                // The header says "✗ refused"; the status line says why.
                if case let .refused(reason) = connection {
                    report("Read only, from this machine's copy: \(reason)", .error)
                }
                redraw()
            }
        })
        if let presence = session.presence { redrawing(on: presence.updates(), redraw) }
        if let model = session.offlineConflicts {
            model.onChange = { conflicts in
                offerOfflineConflicts(conflicts)
                // Found behind the screen, not after a key: nothing else would draw it.
                redraw()
            }
            // Read before this was listening (the wedding opened with conflicts already kept).
            if !model.conflicts.isEmpty { offerOfflineConflicts(model.conflicts) }
        }
        session.onExternalChange = { change in
            report("Updated from another session: " + Self.nouns(change.kinds) + (change.author.map { " (by \($0))" } ?? ""),
                   .info)
            redraw()
        }
    }

    /// Keeps `task` (work that lands in the open wedding's screen) to be cancelled with the rest.
    func keep(_ task: Task<Void, Never>) { tasks.append(task) }

    func cancel() {
        for task in tasks { task.cancel() }
        tasks = []
    }

    private func redrawing(on updates: AsyncStream<Void>, _ redraw: @escaping @MainActor () -> Void) {
        tasks.append(Task {
            for await _ in updates { redraw() }
        })
    }

    private static func nouns(_ kinds: Set<RecordKind>) -> String {
        let nouns: [(RecordKind, String)] = [(.wedding, "wedding settings"), (.guest, "guests"), (.category, "budget"),
                                             (.expense, "expenses"), (.vendor, "vendors"), (.task, "tasks"),
                                             (.milestone, "milestones"), (.runSheetItem, "run sheet"), (.gift, "gifts"),
                                             (.moneyOwed, "money owed"), (.scenario, "budget scenarios"),
                                             (.seatingTable, "tables"), (.seatingRule, "seating rules"), (.note, "notes"),
                                             (.document, "documents")]
        return nouns.filter { kinds.contains($0.0) }.map(\.1).joined(separator: ", ")
    }
}
