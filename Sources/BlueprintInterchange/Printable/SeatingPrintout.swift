import BlueprintDomain

/// The seating plan to print: a block per table (its name and capacity when it has a record,
/// over capacity said) with its guests by seat then name (seat, name, answer, meal, dietary
/// notes; a coming plus-one on a row of their own) and its counts, then the guests still without
/// a table. Declined guests are left out, as in the planner's seating view (`SeatingChart`).
public struct SeatingPrintout: Sendable {
    /// The table's columns, in order.
    public static let columns = ["Seat", "Guest", "RSVP", "Meal", "Dietary notes"]

    public var wedding: Wedding
    public var guests: [Guest]
    /// The tables with a record: their names and capacities.
    public var tables: [SeatingTable]

    public init(wedding: Wedding, guests: [Guest], tables: [SeatingTable] = []) {
        self.wedding = wedding
        self.guests = guests
        self.tables = tables
    }

    public var document: PrintableDocument {
        let chart = SeatingChart(guests: guests, tables: tables)
        var sections = chart.tables.map { table in
            let seats = table.capacity.map { "\(table.seatsUsed) of \(CountPhrase.of($0, "seat"))" }
                ?? CountPhrase.of(table.seatsUsed, "seat")
            return PrintableDocument.Section(heading: table.title,
                                             summary: CountPhrase.of(table.guests.count, "guest") + ", " + seats
                                                + " taken by those attending" + (table.isOverCapacity ? ", over by \(table.overBy)" : ""),
                                             table: Self.table(table.guests), keepsTogether: true)
        }
        if !chart.unassigned.isEmpty {
            sections.append(PrintableDocument.Section(heading: "Without a table",
                                                      summary: CountPhrase.of(chart.unassigned.count, "guest"),
                                                      table: Self.table(chart.unassigned)))
        }
        let seated = chart.tables.reduce(0) { $0 + $1.guests.count }
        let summary = chart.tables.isEmpty && chart.unassigned.isEmpty
            ? "No guests to seat yet."
            : CountPhrase.of(chart.tables.count, "table") + "; " + CountPhrase.of(seated, "guest") + " at a table, "
                + "\(chart.unassigned.count) without one; "
                + CountPhrase.of(chart.tables.reduce(0) { $0 + $1.seatsUsed }, "seat") + " taken by those attending"
        return PrintableDocument(title: "\(wedding.name) — Seating", summary: [summary], sections: sections)
    }

    /// A row per guest, followed by a row for their plus-one when one is coming ("+ Tom Reed",
    /// or "+ guest" unnamed) with the plus-one's own meal and dietary notes.
    private static func table(_ guests: [Guest]) -> PrintableDocument.Table {
        PrintableDocument.Table(columns: columns, rows: guests.flatMap { guest in
            let row = PrintableDocument.Row([guest.seat.map(String.init) ?? "", guest.fullName, guest.rsvp.rawValue,
                                             guest.mealChoice, guest.dietaryRestrictions])
            guard guest.plusOneAllowed && guest.plusOneAttending else { return [row] }
            return [row, PrintableDocument.Row(["", "+ " + (guest.plusOneName.isEmpty ? "guest" : guest.plusOneName), "",
                                                guest.plusOneMealChoice, guest.plusOneDietaryRestrictions])]
        })
    }
}
