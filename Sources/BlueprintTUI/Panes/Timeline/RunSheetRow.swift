import BlueprintDomain
import Foundation

/// One row of the run sheet: a day's heading, or an item of that day.
enum RunSheetRow: Identifiable {
    case day(CalendarDate, count: Int)
    case item(RunSheetItem)

    var id: UUID {
        switch self {
        case .day(let date, _): RunSheetRow.dayID(date)
        case .item(let item): item.id
        }
    }

    /// The item of the row; `nil` for a heading.
    var item: RunSheetItem? {
        guard case .item(let item) = self else { return nil }
        return item
    }

    /// The day the row belongs to.
    var day: CalendarDate {
        switch self {
        case .day(let date, _): date
        case .item(let item): item.day
        }
    }

    /// The rows for `items` (in run-sheet order): each day's heading, then its items.
    static func rows<Items: RandomAccessCollection<RunSheetItem>>(_ items: Items) -> [RunSheetRow] where Items.Index == Int {
        var rows: [RunSheetRow] = []
        var index = items.startIndex
        while index < items.endIndex {
            let day = items[index].day
            let end = items[index...].firstIndex { $0.day != day } ?? items.endIndex
            rows.append(.day(day, count: end - index))
            rows += items[index..<end].map { .item($0) }
            index = end
        }
        return rows
    }

    /// A stable id for a day's heading, apart from any record's.
    private static func dayID(_ date: CalendarDate) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-0000-0001-%012d", date.daysSince1970 + 1_000_000))!
    }
}
