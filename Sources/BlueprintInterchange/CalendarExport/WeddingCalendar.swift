import BlueprintDomain
import Foundation

/// A wedding's dates as one iCalendar document, for a calendar app to import or subscribe to:
/// milestones as all-day events, the run sheet as timed events (floating local time), and the
/// tasks with a due date and the payments still to make as all-day events on their day (Google
/// Calendar and recent Apple Calendar ignore to-dos) or, asked for, as to-dos.
///
/// Every entry's `UID` is its record's id (an installment's own id) behind a kind prefix, so
/// importing a newer file updates the entries instead of adding copies; `SEQUENCE` is the
/// record's version and `DTSTAMP` its last update, so the same records give the same bytes.
public struct WeddingCalendar: Sendable {
    /// A record that cannot be written as a calendar entry.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    public var wedding: Wedding
    public var milestones: [Milestone]
    public var runSheet: [RunSheetItem]
    public var tasks: [WeddingTask]
    public var expenses: [Expense]
    /// The vendors run-sheet items and expenses name.
    public var vendors: [Vendor]
    /// How tasks and payments are written.
    public var deadlines: DeadlineStyle

    /// How tasks with a due date and payments still to make are written.
    public enum DeadlineStyle: String, Sendable, CaseIterable {
        /// All-day events on the day they are due, shown as free time; a done task's title starts
        /// "Done:". Every calendar app shows these.
        case events
        /// To-dos (`VTODO`) due on their day, a done task completed: for apps with a task list
        /// (Thunderbird, Evolution, older Apple Calendar); Google Calendar ignores them.
        case toDos = "todos"
    }

    public init(wedding: Wedding, milestones: [Milestone] = [], runSheet: [RunSheetItem] = [], tasks: [WeddingTask] = [],
                expenses: [Expense] = [], vendors: [Vendor] = [], deadlines: DeadlineStyle = .events) {
        self.wedding = wedding
        self.milestones = milestones
        self.runSheet = runSheet
        self.tasks = tasks
        self.expenses = expenses
        self.vendors = vendors
        self.deadlines = deadlines
    }

    /// The `UID` of a record's entry: `<kind>-<lower-case uuid>@blueprint`; a task or payment
    /// written as an event is `<kind>-day-<uuid>@blueprint`, so it never takes the `UID` of the
    /// to-do a calendar may already hold for it.
    public static func uid(_ kind: EntryKind, _ id: UUID, as style: DeadlineStyle = .toDos) -> String {
        let dated = style == .events && [.task, .expense, .installment].contains(kind)
        return "\(kind.rawValue)-\(dated ? "day-" : "")\(id.uuidString.lowercased())@blueprint"
    }

    /// What an entry was made from; its raw value starts the entry's `UID`.
    public enum EntryKind: String, Sendable, CaseIterable {
        case milestone, runSheet = "runsheet", task, expense, installment

        /// The entry's `CATEGORIES` value, so a calendar app can colour or filter by it.
        var category: String {
            switch self {
            case .milestone: "Milestone"
            case .runSheet: "Run sheet"
            case .task: "Task"
            case .expense, .installment: "Payment"
            }
        }
    }

    /// The document, named after the wedding: milestones, the run sheet, tasks, then payments,
    /// each group in date order. Throws a `Problem` for a run-sheet item that ends when it
    /// starts (the store never holds one; a hand-edited file might).
    public func document() throws -> CalendarDocument {
        let contacts = VendorContacts(vendors)
        var components = milestones.sorted { ($0.date, $0.title, $0.id) < ($1.date, $1.title, $1.id) }
            .map(milestoneEvent)
        components += try runSheet.sorted(by: RunSheetItem.precedes).map { try runSheetEvent($0, contacts) }
        components += Self.inDueOrder(tasks.compactMap(taskEntry))
        components += Self.inDueOrder(expenses.flatMap { paymentEntries($0, contacts) })
        return CalendarDocument(name: wedding.name, components: components)
    }

    /// The file's bytes.
    public func data() throws -> Data { try document().data() }

    private func milestoneEvent(_ milestone: Milestone) -> CalendarComponent {
        CalendarComponent(kind: .event(.allDay(milestone.date)), uid: Self.uid(.milestone, milestone.id),
                          stamp: milestone.updatedAt, summary: milestone.title, details: milestone.notes,
                          categories: [EntryKind.milestone.category], sequence: milestone.version)
    }

    private func runSheetEvent(_ item: RunSheetItem, _ contacts: VendorContacts) throws -> CalendarComponent {
        guard let start = LocalDateTime(date: item.day, hour: item.start.hour, minute: item.start.minute),
              let end = item.end.minutes == 24 * 60
                ? LocalDateTime(date: item.day.adding(days: 1), hour: 0, minute: 0)
                : LocalDateTime(date: item.endsNextDay ? item.day.adding(days: 1) : item.day, hour: item.end.hour,
                                minute: item.end.minute),
              let span = LocalTimeSpan(start: start, end: end) else {
            throw Problem(description: "the run-sheet item '\(item.title)' on \(item.day) ends (\(item.end)) "
                          + "when it starts (\(item.start)); correct it before exporting the calendar")
        }
        let vendor = contacts.contact(item.vendorID)
        let details = [item.people.isEmpty ? "" : "People: " + item.people.joined(separator: ", "),
                       vendor.isEmpty ? "" : "Vendor: " + vendor,
                       item.notes]
        return CalendarComponent(kind: .event(.timed(span)), uid: Self.uid(.runSheet, item.id), stamp: item.updatedAt,
                                 summary: item.title, details: Self.lines(details), location: item.place,
                                 categories: [EntryKind.runSheet.category], sequence: item.version)
    }

    /// A task's or payment's entry and the day it is due.
    private typealias DatedEntry = (due: CalendarDate, entry: CalendarComponent)

    /// The entry of a task or payment due on `due`: an all-day event or a to-do, as `deadlines` says.
    private func deadline(_ kind: EntryKind, _ id: UUID, due: CalendarDate, done: Bool, stamp: Timestamp, summary: String,
                          details: String, sequence: Int) -> DatedEntry {
        let entry = switch deadlines {
        case .events:
            CalendarComponent(kind: .event(.allDay(due)), uid: Self.uid(kind, id, as: .events), stamp: stamp,
                              summary: done ? "Done: " + summary : summary, details: details,
                              categories: [kind.category], sequence: sequence, showsAsFree: true)
        case .toDos:
            CalendarComponent(kind: .toDo(due: due, status: done ? .completed(at: nil) : .needsAction), uid: Self.uid(kind, id),
                              stamp: stamp, summary: summary, details: details, categories: [kind.category], sequence: sequence)
        }
        return (due, entry)
    }

    /// A task with a due date that is not cancelled: done when completed, else to do.
    private func taskEntry(_ task: WeddingTask) -> DatedEntry? {
        guard let due = task.dueDate, task.status != .cancelled else { return nil }
        let details = [task.details, task.assignees.isEmpty ? "" : "Assigned to: " + task.assignees.joined(separator: ", ")]
        return deadline(.task, task.id, due: due, done: task.status == .completed, stamp: task.updatedAt, summary: task.title,
                        details: Self.lines(details), sequence: task.version)
    }

    /// The payments still to make on an expense (`Expense.duePayments`), each an entry;
    /// an installment says which of the schedule it is.
    private func paymentEntries(_ expense: Expense, _ contacts: VendorContacts) -> [DatedEntry] {
        let payments = expense.duePayments()
        guard !payments.isEmpty else { return [] }
        let vendor = contacts.contact(expense.vendorID)
        let common = [vendor.isEmpty ? "" : "Vendor: " + vendor,
                      expense.paymentMethod.isEmpty ? "" : "Method: " + expense.paymentMethod,
                      expense.notes]
        func entry(_ kind: EntryKind, _ id: UUID, due: CalendarDate, amount: Money, part: String) -> DatedEntry {
            deadline(kind, id, due: due, done: false, stamp: expense.updatedAt,
                     summary: "Pay \(expense.name): \(wedding.currency.format(amount))",
                     details: Self.lines([part] + common), sequence: expense.version)
        }
        let schedule = expense.installments.sorted { ($0.dueDate, $0.id) < ($1.dueDate, $1.id) }
        return payments.map { payment in
            guard let installment = payment.installmentID, let index = schedule.firstIndex(where: { $0.id == installment }) else {
                return entry(.expense, expense.id, due: payment.dueDate, amount: payment.amount, part: "")
            }
            return entry(.installment, installment, due: payment.dueDate, amount: payment.amount,
                         part: "Installment \(index + 1) of \(schedule.count)")
        }
    }

    /// The non-empty parts, one per line.
    private static func lines(_ parts: [String]) -> String {
        parts.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// The entries by due date, then title, then `UID`, so the order never depends on the input's.
    private static func inDueOrder(_ entries: [DatedEntry]) -> [CalendarComponent] {
        entries.sorted { ($0.due, $0.entry.summary, $0.entry.uid) < ($1.due, $1.entry.summary, $1.entry.uid) }.map(\.entry)
    }
}
