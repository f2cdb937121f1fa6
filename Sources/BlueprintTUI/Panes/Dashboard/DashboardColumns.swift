import BlueprintDomain
import BlueprintStores
import BlueprintTerminal

/// The dashboard's columns, and each row's cells: what needs the couple, its date, how soon or
/// how late (late items start with `!` and say "overdue", so no colour is needed to see them),
/// and the amount of a payment.
@MainActor
enum DashboardColumns {
    static let columns = [
        TableColumn("What needs you", minWidth: 20, maxWidth: 56, flex: 3, priority: 10),
        TableColumn("Date", minWidth: 10, priority: 8),
        TableColumn("When", minWidth: 16, maxWidth: 24, flex: 1, priority: 9),
        TableColumn("Amount", minWidth: 11, alignment: .right, priority: 7),
    ]

    /// The date and the amount, never cut (`TableColumn.fitting`).
    static let fixedShape = [1, 3]

    static func cell(_ row: DashboardRow, column: Int, today: CalendarDate, currency: Currency) -> TableCell {
        switch row {
        case .heading(let section, let count):
            guard column == 0 else { return "" }
            let summary = section == .replies || section == .gifts
            return count == 0 && !summary ? TableCell(DisplayText(section.title + ": none"), style: .muted)
                : TableCell(DisplayText(section.title + (summary ? "" : " (\(count))")), style: .header)
        case .task(let task, let overdue):
            return dated(task.title, task.dueDate!, overdue: overdue, column: column, today: today)
        case .payment(let payment, let overdue):
            if column == 3 { return TableCell(DisplayText(Formats.money(payment.amount, currency)), style: overdue ? .danger : .normal) }
            let title = payment.expenseName + (payment.installmentID == nil ? "" : " (installment)")
            return dated(title, payment.dueDate, overdue: overdue, column: column, today: today)
        case .milestone(let milestone, let overdue):
            return dated(milestone.title, milestone.date, overdue: overdue, column: column, today: today)
        case .replies(let replies):
            return repliesCell(replies, column: column)
        case .thankYous(let count):
            guard column == 0 else { return "" }
            return count == 0 ? TableCell("  No thank-yous to write", style: .success)
                : TableCell(DisplayText("  " + CountPhrase.of(count, "thank-you") + " to write"), style: .warning)
        case .vendorGap(let gap):
            switch column {
            case 0: return TableCell(DisplayText("  \(gap.category.displayName): none booked"))
            case 2:
                let candidates = gap.candidates == 0 ? "no candidates" : CountPhrase.of(gap.candidates, "candidate")
                return TableCell(DisplayText(candidates), style: .muted)
            default: return ""
            }
        }
    }

    /// A row that falls due on `date`: `! title` when late, the date, and "12 days overdue" or
    /// "in 5 days".
    private static func dated(_ title: String, _ date: CalendarDate, overdue: Bool, column: Int, today: CalendarDate) -> TableCell {
        let days = date.days(since: today)
        switch column {
        case 0: return TableCell(DisplayText((overdue ? "! " : "  ") + title), style: overdue ? .danger : .normal)
        case 1: return TableCell(DisplayText(date.description), style: overdue ? .danger : .normal)
        case 2: return TableCell(DisplayText(Formats.due(inDays: days)), style: overdue ? .danger : days <= 7 ? .warning : .muted)
        default: return ""
        }
    }

    /// `2/4 replied, 1 attending`, the RSVP deadline, and how it stands: "deadline in 120
    /// days", "all answered", or late ("! …", "3 days late").
    private static func repliesCell(_ replies: Dashboard.Replies, column: Int) -> TableCell {
        let stats = replies.stats
        switch column {
        case 0:
            let text = "\(replies.responded)/\(stats.invited) replied, \(stats.attending) attending"
            return TableCell(DisplayText((replies.isLate ? "! " : "  ") + text), style: replies.isLate ? .danger : .normal)
        case 1: return TableCell(DisplayText(Formats.date(replies.deadline)), style: replies.isLate ? .danger : .normal)
        case 2:
            if stats.pending == 0 { return TableCell(stats.invited == 0 ? "no guests yet" : "all answered", style: .success) }
            guard let days = replies.daysToDeadline else { return TableCell("no RSVP deadline", style: .muted) }
            switch days {
            case ..<0: return TableCell(DisplayText(CountPhrase.of(-days, "day") + " late"), style: .danger)
            case 0: return TableCell("deadline today", style: .warning)
            default: return TableCell(DisplayText("deadline in " + CountPhrase.of(days, "day")), style: days <= 7 ? .warning : .muted)
            }
        default: return ""
        }
    }
}
