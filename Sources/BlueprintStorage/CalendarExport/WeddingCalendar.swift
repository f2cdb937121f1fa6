import BlueprintDomain
import Foundation

/// A wedding's dates as one iCalendar document, for a calendar app to import or subscribe to:
/// milestones as all-day events, the run sheet as timed events (floating local time), and as
/// to-dos the tasks with a due date and the payments still to make.
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

    public init(wedding: Wedding, milestones: [Milestone] = [], runSheet: [RunSheetItem] = [], tasks: [WeddingTask] = [],
                expenses: [Expense] = [], vendors: [Vendor] = []) {
        self.wedding = wedding
        self.milestones = milestones
        self.runSheet = runSheet
        self.tasks = tasks
        self.expenses = expenses
        self.vendors = vendors
    }

    /// The `UID` of a record's entry: `<kind>-<lower-case uuid>@blueprint`.
    public static func uid(_ kind: EntryKind, _ id: UUID) -> String {
        "\(kind.rawValue)-\(id.uuidString.lowercased())@blueprint"
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
        components += Self.inDueOrder(tasks.compactMap(taskToDo))
        components += Self.inDueOrder(expenses.flatMap { paymentToDos($0, contacts) })
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

    /// A to-do and the day it is due.
    private typealias DatedToDo = (due: CalendarDate, toDo: CalendarComponent)

    /// A task with a due date that is not cancelled: done when completed, else to do.
    private func taskToDo(_ task: WeddingTask) -> DatedToDo? {
        guard let due = task.dueDate, task.status != .cancelled else { return nil }
        let details = [task.details, task.assignees.isEmpty ? "" : "Assigned to: " + task.assignees.joined(separator: ", ")]
        return (due, CalendarComponent(kind: .toDo(due: due, status: task.status == .completed ? .completed(at: nil) : .needsAction),
                                       uid: Self.uid(.task, task.id), stamp: task.updatedAt, summary: task.title,
                                       details: Self.lines(details), categories: [EntryKind.task.category],
                                       sequence: task.version))
    }

    /// The payments still to make on an expense (`Expense.duePayments`), each a to-do;
    /// an installment says which of the schedule it is.
    private func paymentToDos(_ expense: Expense, _ contacts: VendorContacts) -> [DatedToDo] {
        let payments = expense.duePayments()
        guard !payments.isEmpty else { return [] }
        let vendor = contacts.contact(expense.vendorID)
        let common = [vendor.isEmpty ? "" : "Vendor: " + vendor,
                      expense.paymentMethod.isEmpty ? "" : "Method: " + expense.paymentMethod,
                      expense.notes]
        func toDo(_ kind: EntryKind, _ id: UUID, due: CalendarDate, amount: Money, part: String) -> DatedToDo {
            (due, CalendarComponent(kind: .toDo(due: due, status: .needsAction), uid: Self.uid(kind, id),
                                    stamp: expense.updatedAt, summary: "Pay \(expense.name): \(wedding.currency.format(amount))",
                                    details: Self.lines([part] + common), categories: [kind.category],
                                    sequence: expense.version))
        }
        let schedule = expense.installments.sorted { ($0.dueDate, $0.id) < ($1.dueDate, $1.id) }
        return payments.map { payment in
            guard let installment = payment.installmentID, let index = schedule.firstIndex(where: { $0.id == installment }) else {
                return toDo(.expense, expense.id, due: payment.dueDate, amount: payment.amount, part: "")
            }
            return toDo(.installment, installment, due: payment.dueDate, amount: payment.amount,
                        part: "Installment \(index + 1) of \(schedule.count)")
        }
    }

    /// The non-empty parts, one per line.
    private static func lines(_ parts: [String]) -> String {
        parts.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// The to-dos by due date, then title, then `UID`, so the order never depends on the input's.
    private static func inDueOrder(_ toDos: [DatedToDo]) -> [CalendarComponent] {
        toDos.sorted { ($0.due, $0.toDo.summary, $0.toDo.uid) < ($1.due, $1.toDo.summary, $1.toDo.uid) }.map(\.toDo)
    }
}
