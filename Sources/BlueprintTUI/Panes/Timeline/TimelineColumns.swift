import BlueprintDomain
import BlueprintTerminal
import Foundation

/// The timeline's two tables and their cells: the milestones (done mark, title, date with
/// OVERDUE, when, notes) and the run sheet (a day's heading, then each item's time with `!` on a
/// clash, what, where, who, vendor). Overdue and clashing rows say so in words and marks, not
/// in colour alone.
@MainActor
enum TimelineColumns {
    static let milestones = [
        TableColumn("Done", minWidth: 4, priority: 9),
        TableColumn("Milestone", minWidth: 28, maxWidth: 48, flex: 3, priority: 10),
        TableColumn("Date", minWidth: 18, priority: 8),
        TableColumn("When", minWidth: 15, priority: 7),
        TableColumn("Notes", minWidth: 8, flex: 2, priority: 2),
    ]

    static let runSheet = [
        TableColumn("Time", minWidth: 13, priority: 10),
        TableColumn("What", minWidth: 14, maxWidth: 36, flex: 3, priority: 9),
        TableColumn("Where", minWidth: 10, maxWidth: 24, flex: 1, priority: 8),
        TableColumn("Who", minWidth: 10, maxWidth: 32, flex: 2, priority: 5),
        TableColumn("Vendor", minWidth: 10, maxWidth: 24, flex: 1, priority: 6),
    ]

    /// A milestone's date and when it falls due ("123 days overdue"), never cut (`TableColumn.fitting`).
    static let milestoneWhen = [2, 3]

    /// An item's time ("! 23:00–01:00 (next day)").
    static let runSheetTime = [0]

    /// `☑` or `☐` (`[x]` or `[ ]` where the locale cannot draw boxes).
    static func doneMark(_ isDone: Bool) -> String {
        TerminalLocale.isUTF8 ? (isDone ? "☑" : "☐") : (isDone ? "[x]" : "[ ]")
    }

    static func milestoneCell(_ milestone: Milestone, column: Int, today: CalendarDate) -> TableCell {
        let overdue = milestone.isOverdue(today: today)
        switch column {
        case 0: return TableCell(DisplayText(doneMark(milestone.isDone)), style: milestone.isDone ? .success : .normal)
        case 1: return TableCell(DisplayText(milestone.title), style: milestone.isDone ? .muted : overdue ? .danger : .normal)
        case 2:
            return overdue ? TableCell(DisplayText("\(milestone.date) OVERDUE"), style: .danger)
                : TableCell(DisplayText(milestone.date.description), style: milestone.isDone ? .muted : .normal)
        case 3:
            guard !milestone.isDone else { return TableCell("done", style: .muted) }
            let days = milestone.date.days(since: today)
            return TableCell(DisplayText(Formats.due(inDays: days)), style: overdue ? .danger : days <= 7 ? .warning : .muted)
        default: return TableCell(DisplayText(milestone.notes), style: .muted)
        }
    }

    static func runSheetCell(_ row: RunSheetRow, column: Int, clashes: (UUID) -> Int, vendorName: (UUID) -> String?,
                             weddingDate: CalendarDate?) -> TableCell {
        switch row {
        case .day(let date, let count):
            switch column {
            case 0: return TableCell(DisplayText(date.description), style: .header)
            case 1:
                let items = CountPhrase.of(count, "item")
                return TableCell(DisplayText(date == weddingDate ? "Wedding day · \(items)" : items), style: .header)
            default: return ""
            }
        case .item(let item):
            switch column {
            case 0:
                let clashing = clashes(item.id) > 0
                return TableCell(DisplayText((clashing ? "! " : "  ") + Formats.timeRange(of: item)),
                                 style: clashing ? .danger : .normal)
            case 1: return TableCell(DisplayText(item.title))
            case 2: return TableCell(DisplayText(item.place))
            case 3: return TableCell(DisplayText(item.people.joined(separator: ", ")), style: .muted)
            default: return TableCell(DisplayText(item.vendorID.flatMap { vendorName($0) } ?? ""), style: .muted)
            }
        }
    }
}
