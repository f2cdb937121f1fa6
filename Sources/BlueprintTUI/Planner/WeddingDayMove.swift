import BlueprintDomain
import BlueprintStores
import BlueprintTerminal
import Foundation

/// `:date`: moves the wedding day, then offers to move what hangs on it.
@MainActor
enum WeddingDayMove {
    /// Saves the new wedding day (a day already past is allowed, and said), then offers to move
    /// with it the open checklist tasks (each keeps its time before the wedding; tasks moved by
    /// hand stay where they are; `checklist` finds them) and the run-sheet items of the old day.
    /// `u` takes back the move and what followed it as one step.
    static func start(to date: CalendarDate, checklist: ChecklistTemplate?, host: any PlannerHost) {
        guard let session = host.session, let previous = session.wedding.wedding.map(\.weddingDate) else {
            host.report("Open a wedding first", severity: .error)
            return
        }
        guard previous != date else { return host.report("The wedding is already on \(date)") }
        let moved = "The wedding is now on \(date)" + (date < host.today ? " (a day already past)" : "")
        host.perform { [weak host] in
            guard case .saved = await session.wedding.moveDay(to: date) else {
                return { [weak host] in host?.report("The wedding day was not moved", severity: .error) }
            }
            let (tasks, items) = followers(from: previous, to: date, checklist: checklist, in: session)
            return { [weak host] in
                guard let host else { return }
                guard !tasks.isEmpty || !items.isEmpty else { return host.report(host.undoable(moved)) }
                offerToFollow(moved, tasks: tasks, items: items, in: session, host: host)
            }
        }
    }

    /// What moving the wedding day from `previous` (none: nothing) to `date` offers to move with
    /// it: the open checklist tasks `checklist` finds and the run-sheet items of that day, moved.
    private static func followers(from previous: CalendarDate?, to date: CalendarDate, checklist: ChecklistTemplate?,
                                  in session: WeddingSession) -> (tasks: [WeddingTask], items: [RunSheetItem]) {
        guard let previous else { return ([], []) }
        let tasks = checklist.map { session.tasks.checklistTasks(following: $0, from: previous, to: date) } ?? []
        let items = session.timeline.runSheet.filter { $0.day == previous }.map { item in
            var item = item
            item.day = date
            return item
        }
        return (tasks, items)
    }

    /// Asks whether to move `tasks` and `items` with the wedding day (`moved` says where to);
    /// once confirmed, moves them as part of the day's move, and reports it.
    private static func offerToFollow(_ moved: String, tasks: [WeddingTask], items: [RunSheetItem], in session: WeddingSession,
                                      host: any PlannerHost) {
        let count = [tasks.isEmpty ? nil : CountPhrase.of(tasks.count, "open checklist task"),
                     items.isEmpty ? nil : CountPhrase.of(items.count, "run-sheet item")]
            .compactMap { $0 }.joined(separator: " and ")
        host.present(ConfirmOverlay(
            dialog: ConfirmDialog(title: DisplayText("Move the checklist and the run sheet"),
                                  message: DisplayText("\(moved). Move \(count) with it? Tasks keep their time before the "
                                      + "day; tasks you moved by hand stay where they are."),
                                  confirmLabel: "Move"),
            onConfirm: { [weak host] in
                host?.perform { [weak host] in
                    let outcome = await session.wedding.follow(tasks, items, shownBy: [session.tasks, session.timeline])
                    return { [weak host] in
                        guard let host else { return }
                        switch outcome {
                        case .saved, .merged: host.report(host.undoable("Moved \(count) with the wedding day"))
                        case .failed(let error): host.report("The \(count) did not move: \(error)", severity: .error)
                        case .conflict: host.report("The \(count) did not move: someone changed them meanwhile", severity: .error)
                        }
                    }
                }
            },
            onCancel: { [weak host] in
                host?.report("\(moved); the checklist tasks kept their dates, the run sheet its day")
            }))
    }
}
