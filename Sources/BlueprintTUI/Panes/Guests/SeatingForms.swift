import BlueprintDomain
import Foundation

/// The table form (add and edit) and the rule form (the guests to keep together with, or
/// apart from, the seating chart's guest: one picked from the guest list, any more typed by name).
enum SeatingForms {
    static func tableForm(_ table: SeatingTable?, nextNumber: Int) -> Form {
        Form(title: table.map { "Edit \($0.title)" } ?? "New table", fields: [
            .text("number", "Number", "\(table?.number ?? nextNumber)"),
            .text("name", "Name", table?.name ?? "", placeholder: "optional: Head table, Garden"),
            .text("capacity", "Seats", table.map { "\($0.capacity)" } ?? "", placeholder: "plus-ones included"),
            .text("notes", "Notes", table?.notes ?? ""),
        ])
    }

    static func table(from form: Form, base: SeatingTable, others: [SeatingTable]) -> FormReading<SeatingTable> {
        var reader = FieldReader(form)
        var table = base
        table.number = reader.number("number", "a table") ?? 0
        table.name = reader.text("name")
        table.capacity = reader.number("capacity", "a") ?? 0
        table.notes = form["notes"].text
        var dataset = WeddingDataset(wedding: Wedding(name: ""))
        dataset.seatingTables = RecordTable(others)
        reader.add(table.validationIssues(in: dataset).filter { issue in !reader.issues.contains { $0.field == issue.field } })
        return FormReading(table, issues: reader.issues)
    }

    /// The form asking which table number to move `guest` to.
    static func tableNumberForm(guest: Guest) -> Form {
        Form(title: "Move \(guest.fullName) to table", fields: [
            .text("table", "Table number", guest.table.map { "\($0)" } ?? ""),
        ])
    }

    /// The table number in the form: one the chart has (a record, or guests sitting there);
    /// any other is refused, saying `addKey` adds it.
    static func tableNumber(from form: Form, chart: SeatingChart, addKey: String) -> FormReading<Int> {
        var reader = FieldReader(form)
        let number = reader.number("table", "a table")
        if let number, chart.table(number) == nil {
            reader.add([ValidationIssue(field: "table", message: "no table \(number): add it with \(addKey)")])
        } else if number == nil, reader.issues.isEmpty {
            reader.add([ValidationIssue(field: "table", message: "type a table number")])
        }
        return FormReading(number ?? 0, issues: reader.issues)
    }

    /// The rule form for `guest`: the other guest picked from `others` (the guest list without
    /// `guest`), any further guests typed by full name, and why.
    static func ruleForm(_ kind: SeatingRuleKind, guest: Guest, others: GuestPickList) -> Form {
        Form(title: (kind == .together ? "Keep together with " : "Keep apart from ") + guest.fullName, fields: [
            .choice("with", kind == .together ? "Together with" : "Apart from", others.options, selected: 0),
            .text("more", "More guests", "", placeholder: "optional: full names, separated by commas"),
            .text("note", "Why", "", placeholder: "optional"),
        ])
    }

    /// The guests of the rule, `guest` first: the one picked from `others`, then those typed
    /// under "More guests" (by full name, any case); and the note.
    static func rule(from form: Form, guest: Guest, others: GuestPickList) -> FormReading<(guests: [UUID], note: String)> {
        var reader = FieldReader(form)
        var ids = [guest.id]
        if let picked = others.guest(at: form["with"].selectedIndex) { ids.append(picked.id) }
        let names = reader.text("more").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let everyone = [guest] + others.guests
        for name in names {
            let matches = everyone.filter { $0.fullName.compare(name, options: .caseInsensitive) == .orderedSame }
            switch matches.count {
            case 0: reader.add([ValidationIssue(field: "more", message: "no guest is called '\(name)'")])
            case 1: if !ids.contains(matches[0].id) { ids.append(matches[0].id) }
            default: reader.add([ValidationIssue(field: "more", message: "\(matches.count) guests are called '\(name)'")])
            }
        }
        if ids.count == 1, reader.issues.isEmpty {
            reader.add([ValidationIssue(field: "with", message: "pick another guest")])
        }
        return FormReading((ids, reader.text("note")), issues: reader.issues)
    }
}
