import BlueprintDomain
import BlueprintTerminal

/// The seating chart: one row per table with the seats its guests take and who they are, and
/// a last row for guests coming without a table. Enter shows the selected table's guests.
@MainActor
final class SeatingView {
    let model = TableViewModel(columns: [
        TableColumn("Table", minWidth: 11, priority: 10),
        TableColumn("Seats used", minWidth: 10, alignment: .right, priority: 9),
        TableColumn("Guests", minWidth: 20, flex: 1, priority: 8),
    ])

    /// The table number on `row`, nil for the unassigned row.
    func table(atRow row: Int, in chart: SeatingChart) -> Int? {
        row < chart.tables.count ? chart.tables[row].number : nil
    }

    func render(_ chart: SeatingChart, into canvas: any Canvas, rect: CanvasRect) {
        let rows = chart.tables.count + (chart.unassigned.isEmpty ? 0 : 1)
        model.setRowCount(rows)
        let seats = chart.tables.reduce(0) { $0 + $1.seatsUsed }
        var summary = SegmentLine()
        summary.add(figure: "\(chart.tables.count)", label: "tables")
        summary.add(figure: "\(seats)", label: "seats used")
        summary.add(figure: "\(chart.unassigned.count)", label: "coming or undecided without a table",
                    chart.unassigned.isEmpty ? .accent : .warning)
        summary.render(into: canvas, row: rect.row, column: rect.column, width: rect.columns)
        let table = CanvasRect(row: rect.row + 1, column: rect.column, rows: rect.rows - 1, columns: rect.columns)
        TableView.render(model, into: canvas, rect: table, empty: "No guests are seated yet: give guests a table number.") { row, column in
            guard row < chart.tables.count else {
                switch column {
                case 0: return TableCell("Unassigned", style: .warning)
                case 1: return TableCell("")
                default: return TableCell(DisplayText(Self.names(chart.unassigned)), style: .muted)
                }
            }
            let entry = chart.tables[row]
            switch column {
            case 0: return TableCell(DisplayText("Table \(entry.number)"))
            case 1: return TableCell(DisplayText("\(entry.seatsUsed)"))
            default: return TableCell(DisplayText(Self.names(entry.guests)))
            }
        }
    }

    /// "Ana Lee, Ben Ng (+1), …": attending plus-ones are counted with their guest.
    private static func names(_ guests: [Guest]) -> String {
        guests.prefix(40).map { $0.fullName + ($0.headcount > 1 ? " (+1)" : "") }.joined(separator: ", ")
    }
}
