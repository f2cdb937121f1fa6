import BlueprintDomain
import Foundation

/// The guest form (add and edit) and the guest filter form: filling them from a guest or a
/// filter, and reading a guest or a filter back.
enum GuestForms {
    /// The labels of the three sides, from the partners' names ("Ana's side").
    static func sideLabels(_ wedding: Wedding?) -> [String] {
        func side(_ name: String?, _ fallback: String) -> String {
            guard let name, !name.isEmpty else { return fallback }
            return "\(name)'s side"
        }
        return [side(wedding?.partner1Name, "Partner 1's side"), side(wedding?.partner2Name, "Partner 2's side"), "Both"]
    }

    /// The form for `guest`, or for a new guest when nil.
    static func form(editing guest: Guest?, wedding: Wedding?, tables: [SeatingTable] = []) -> Form {
        let guest = guest ?? Guest(firstName: "", lastName: "")
        let meals = mealChoices(wedding, keeping: guest.mealChoice)
        let plusOneMeals = mealChoices(wedding, keeping: guest.plusOneMealChoice)
        return Form(title: guest.fullName.isEmpty ? "New guest" : "Edit \(guest.fullName)", fields: [
            .text("firstName", "First name", guest.firstName),
            .text("lastName", "Last name", guest.lastName),
            .text("email", "Email", guest.email, placeholder: "name@example.com"),
            .text("phone", "Phone", guest.phone),
            .text("household", "Household", guest.household, placeholder: "invited together, e.g. The Okafors"),
            .choice("invitedBy", "Side", sideLabels(wedding), selected: InvitedBy.allCases.firstIndex(of: guest.invitedBy)!),
            .text("relationship", "Relationship", guest.relationship),
            .choice("rsvp", "RSVP", RSVPStatus.allCases.map { Formats.label($0.rawValue) },
                    selected: RSVPStatus.allCases.firstIndex(of: guest.rsvp)!),
            .toggle("plusOneAllowed", "Plus-one allowed", guest.plusOneAllowed),
            .text("plusOneName", "Plus-one name", guest.plusOneName),
            .toggle("plusOneAttending", "Plus-one coming", guest.plusOneAttending),
            .choice("plusOneMealChoice", "Plus-one meal", ["Not chosen"] + plusOneMeals,
                    selected: plusOneMeals.firstIndex(of: guest.plusOneMealChoice).map { $0 + 1 } ?? 0),
            .text("plusOneDietaryRestrictions", "Plus-one diet", guest.plusOneDietaryRestrictions),
            .choice("mealChoice", "Meal", ["Not chosen"] + meals, selected: meals.firstIndex(of: guest.mealChoice).map { $0 + 1 } ?? 0),
            .text("dietaryRestrictions", "Dietary needs", guest.dietaryRestrictions),
            .text("accessibilityNeeds", "Accessibility", guest.accessibilityNeeds),
            .text("table", "Table", tableText(guest.table, tables: tables),
                  placeholder: tables.contains { !$0.name.isEmpty } ? "number or name, e.g. \(tables.first { !$0.name.isEmpty }!.name)" : "number"),
            .text("seat", "Seat", guest.seat.map(String.init) ?? "", placeholder: "number"),
            .text("weddingPartyRole", "Wedding party", guest.weddingPartyRole, placeholder: "role, e.g. Best man"),
            .text("addressLine1", "Address", guest.address.line1, placeholder: "street and number"),
            .text("addressLine2", "Address line 2", guest.address.line2),
            .text("city", "City", guest.address.city),
            .text("region", "Region", guest.address.region, placeholder: "state, province or county"),
            .text("postalCode", "Postal code", guest.address.postalCode),
            .text("country", "Country", guest.address.country),
            .text("notes", "Notes", guest.notes),
        ])
    }

    /// `base` with the form's values, or the problems with them (the domain's validation included).
    static func guest(from form: Form, base: Guest, wedding: Wedding?, tables: [SeatingTable] = []) -> FormReading<Guest> {
        var reader = FieldReader(form)
        var guest = base
        guest.firstName = reader.text("firstName")
        guest.lastName = reader.text("lastName")
        guest.email = reader.text("email")
        guest.phone = reader.text("phone")
        guest.address = Address(line1: reader.text("addressLine1"), line2: reader.text("addressLine2"), city: reader.text("city"),
                                region: reader.text("region"), postalCode: reader.text("postalCode"), country: reader.text("country"))
        guest.household = reader.text("household")
        guest.invitedBy = InvitedBy.allCases[form["invitedBy"].selectedIndex]
        guest.relationship = reader.text("relationship")
        guest.rsvp = RSVPStatus.allCases[form["rsvp"].selectedIndex]
        guest.plusOneAllowed = form.isOn("plusOneAllowed")
        guest.plusOneName = reader.text("plusOneName")
        guest.plusOneAttending = form.isOn("plusOneAttending")
        guest.plusOneMealChoice = mealChoice(form["plusOneMealChoice"])
        guest.plusOneDietaryRestrictions = reader.text("plusOneDietaryRestrictions")
        guest.mealChoice = mealChoice(form["mealChoice"])
        guest.dietaryRestrictions = reader.text("dietaryRestrictions")
        guest.accessibilityNeeds = reader.text("accessibilityNeeds")
        guest.table = table(form, tables: tables, reader: &reader)
        guest.seat = reader.number("seat", "a seat")
        guest.weddingPartyRole = reader.text("weddingPartyRole")
        guest.notes = form["notes"].text
        if let wedding { reader.add(guest.validationIssues(in: WeddingDataset(wedding: wedding))) }
        return FormReading(guest, issues: reader.issues)
    }

    /// The Table field's text: the number, with the table's name when it has one ("3 Head table").
    private static func tableText(_ number: Int?, tables: [SeatingTable]) -> String {
        guard let number else { return "" }
        guard let name = tables.first(where: { $0.number == number && !$0.name.isEmpty })?.name else { return String(number) }
        return "\(number) \(name)"
    }

    /// The table the Table field names: a number (with or without the table's name after it), or
    /// a seating table's name, whatever its case and accents; nil when empty.
    private static func table(_ form: Form, tables: [SeatingTable], reader: inout FieldReader) -> Int? {
        let text = form.trimmed("table")
        guard !text.isEmpty else { return nil }
        let leading = text.prefix { $0.isNumber }
        if let number = Int(leading), tableText(number, tables: tables) == text || leading.count == text.count { return number }
        // The same name ignoring case and accents: each contains the other, folded.
        let wanted = TextQuery(text)
        if let named = tables.first(where: { !$0.name.isEmpty && wanted.matches($0.name) && TextQuery($0.name).matches(text) }) {
            return named.number
        }
        let names = tables.map(\.name).filter { !$0.isEmpty }
        reader.add([ValidationIssue(field: "table", message: "no table is called '\(text)'; give its number"
                                    + (names.isEmpty ? "" : " or one of: " + names.joined(separator: ", ")))])
        return nil
    }

    /// The filter form, showing `filter`.
    static func filterForm(_ filter: GuestFilter, wedding: Wedding?) -> Form {
        let meals = mealChoices(wedding, keeping: filter.meal ?? "")
        let mealIndex: Int = switch filter.meal {
        case nil: 0
        case ""?: 1
        case let meal?: (meals.firstIndex(of: meal) ?? -2) + 2
        }
        return Form(title: "Filter guests", fields: [
            .choice("rsvp", "RSVP", ["Any"] + RSVPStatus.allCases.map { Formats.label($0.rawValue) },
                    selected: filter.rsvp.count == 1 ? RSVPStatus.allCases.firstIndex(of: filter.rsvp.first!)! + 1 : 0),
            .choice("invitedBy", "Side", ["Any"] + sideLabels(wedding),
                    selected: filter.invitedBy.count == 1 ? InvitedBy.allCases.firstIndex(of: filter.invitedBy.first!)! + 1 : 0),
            .text("table", "Table", filter.table.map(String.init) ?? "", placeholder: "any"),
            .choice("meal", "Meal", ["Any", "Not chosen"] + meals, selected: max(0, mealIndex)),
            .text("text", "Contains", filter.text.text, placeholder: "name, email, household, phone, notes"),
        ])
    }

    /// The filter the form describes, or the problem with it (a table that is not a number).
    static func filter(from form: Form) -> FormReading<GuestFilter> {
        var reader = FieldReader(form)
        let rsvp = form["rsvp"].selectedIndex
        let side = form["invitedBy"].selectedIndex
        let meal = form["meal"]
        let filter = GuestFilter(text: form["text"].text,
                                 rsvp: rsvp == 0 ? [] : [RSVPStatus.allCases[rsvp - 1]],
                                 invitedBy: side == 0 ? [] : [InvitedBy.allCases[side - 1]],
                                 table: reader.number("table", "a table"),
                                 meal: meal.selectedIndex == 0 ? nil : meal.selectedIndex == 1 ? "" : meal.text)
        return FormReading(filter, issues: reader.issues)
    }

    /// "RSVP attending · table 3", for the status line; "" when nothing is filtered.
    static func summary(_ filter: GuestFilter, wedding: Wedding?) -> String {
        Formats.filterSummary([
            filter.rsvp.isEmpty ? nil : "RSVP " + filter.rsvp.map(\.rawValue).sorted().joined(separator: "/"),
            filter.invitedBy.isEmpty ? nil : filter.invitedBy.map { sideLabels(wedding)[InvitedBy.allCases.firstIndex(of: $0)!] }
                .sorted().joined(separator: "/"),
            filter.table.map { "table \($0)" },
            filter.meal.map { $0.isEmpty ? "no meal chosen (guest or plus-one)" : "meal \($0) (guest or plus-one)" },
            filter.text.isEmpty ? nil : "“\(filter.text.text)”",
        ])
    }

    /// The meal a meal field shows: "" for "Not chosen" (the first choice).
    private static func mealChoice(_ field: FormField) -> String {
        field.selectedIndex == 0 ? "" : field.text
    }

    /// The wedding's meal options, plus `current` if a guest holds one no longer offered.
    private static func mealChoices(_ wedding: Wedding?, keeping current: String) -> [String] {
        let options = wedding?.mealOptions ?? []
        return current.isEmpty || options.contains(current) ? options : options + [current]
    }
}
