import BlueprintDomain
import BlueprintTerminal

/// The seating chart: the figures (with the rules broken), the guest being seated, then one
/// row per table with its name, the seats its guests take of its capacity (a table over
/// capacity in the warning style, marked `!` and "over by N") and who they are, and a last row
/// for guests coming without a table. Enter shows the selected table's guests.
@MainActor
final class SeatingView {
    static let columns = [
        TableColumn("Table", minWidth: 18, priority: 10),
        TableColumn("Seats used", minWidth: 18, alignment: .right, priority: 9),
        TableColumn("Guests", minWidth: 20, flex: 1, priority: 8),
    ]

    /// The table's name and its seats ("10 / 8 ! over by 2"), never cut (`TableColumn.fitting`).
    static let fixedShape = [0, 1]

    let model = TableViewModel(columns: columns)

    /// The table number on `row`, nil for the unassigned row.
    func table(atRow row: Int, in chart: SeatingChart) -> Int? {
        row < chart.tables.count ? chart.tables[row].number : nil
    }

    /// Draws `chart`; `guest` is the guest the move keys act on (the guest list's selection).
    func render(_ chart: SeatingChart, guest: Guest?, into canvas: any Canvas, rect: CanvasRect, keymap: Keymap) {
        let rows = chart.tables.count + (chart.unassigned.isEmpty ? 0 : 1)
        model.setRowCount(rows)
        let seats = chart.tables.reduce(0) { $0 + $1.seatsUsed }
        var summary = SegmentLine()
        summary.add(count: chart.tables.count, noun: "table")
        summary.add(figure: "\(seats)", label: CountPhrase.noun("seat", for: seats) + " used")
        summary.add(figure: "\(chart.unassigned.count)", label: "coming or undecided without a table",
                    chart.unassigned.isEmpty ? .accent : .warning)
        let over = chart.overCapacity.count
        if over > 0 { summary.add(figure: "\(over)", label: CountPhrase.noun("table", for: over) + " over capacity", .warning) }
        summary.render(into: canvas, row: rect.row, column: rect.column, width: rect.columns)
        canvas.draw(DisplayText(Self.problemLine(chart, keymap: keymap)), row: rect.row + 1, column: rect.column,
                    width: rect.columns, style: chart.violations.isEmpty ? .muted : .warning)
        canvas.draw(DisplayText(Self.guestLine(guest, keymap: keymap)), row: rect.row + 2, column: rect.column,
                    width: rect.columns, style: guest == nil ? .muted : .normal)
        let table = CanvasRect(row: rect.row + 3, column: rect.column, rows: rect.rows - 3, columns: rect.columns)
        let empty = KeyHints.sentence("No tables yet", [keymap.hint(.add, in: .seating, "adds one")], lead: ": ", end: ".")
        let cell = { (row: Int, column: Int) -> TableCell in
            guard row < chart.tables.count else {
                switch column {
                case 0: return TableCell("Unassigned", style: .warning)
                case 1: return TableCell("")
                default: return TableCell(DisplayText(Self.names(chart.unassigned)), style: .muted)
                }
            }
            let entry = chart.tables[row]
            switch column {
            case 0: return TableCell(DisplayText(entry.title), style: entry.isOverCapacity ? .warning : .normal)
            case 1: return TableCell(DisplayText(Self.seats(entry)), style: entry.isOverCapacity ? .warning : .normal)
            default: return TableCell(DisplayText(Self.names(entry.guests)))
            }
        }
        model.columns = Self.columns.fitting(Self.fixedShape, rows: 0..<rows, cell: cell)
        TableView.render(model, into: canvas, rect: table, empty: DisplayText(empty), cell: cell)
    }

    /// "6 / 8", "10 / 8 ! over by 2", or "3" for a table with no capacity.
    static func seats(_ table: SeatingChart.Table) -> String {
        guard let capacity = table.capacity else { return "\(table.seatsUsed)" }
        return "\(table.seatsUsed) / \(capacity)" + (table.isOverCapacity ? " ! over by \(table.overBy)" : "")
    }

    /// "2 rule problems · r lists them", or that every rule holds.
    private static func problemLine(_ chart: SeatingChart, keymap: Keymap) -> String {
        let count = chart.violations.count
        guard count > 0 else { return "No rule problems" }
        return KeyHints.sentence(CountPhrase.of(count, "rule problem"),
                                 [keymap.hint(.ruleProblems, in: .seating, "lists them")], lead: " · ", end: "")
    }

    /// Who the move keys act on, and the keys.
    private static func guestLine(_ guest: Guest?, keymap: Keymap) -> String {
        guard let guest else {
            return KeyHints.sentence("No guest selected", [keymap.hint(.switchView, in: .seating, "picks one in the list")],
                                     lead: ": ", end: "")
        }
        let place = guest.table.map { "table \($0)" } ?? "no table"
        return KeyHints.sentence("Seating \(guest.fullName) (\(place))", [
            keymap.hint(.moveToNextTable, in: .seating, "next table"),
            keymap.hint(.moveGuestHere, in: .seating, "to the highlighted table"),
            keymap.hint(.moveHouseholdHere, in: .seating, "whole household"),
            keymap.hint(.moveToTableNumber, in: .seating, "by number"),
        ], lead: ": ", end: "")
    }

    /// "Ana Lee, Ben Ng (+1), …": attending plus-ones are counted with their guest.
    private static func names(_ guests: [Guest]) -> String {
        guests.prefix(40).map { $0.fullName + ($0.headcount > 1 ? " (+1)" : "") }.joined(separator: ", ")
    }
}
