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
    static func form(editing guest: Guest?, wedding: Wedding?) -> Form {
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
            .text("table", "Table", guest.table.map(String.init) ?? "", placeholder: "number"),
            .text("seat", "Seat", guest.seat.map(String.init) ?? "", placeholder: "number"),
            .text("weddingPartyRole", "Wedding party", guest.weddingPartyRole, placeholder: "role, e.g. Best man"),
            .text("notes", "Notes", guest.notes),
        ])
    }

    /// `base` with the form's values, or the problems with them (the domain's validation included).
    static func guest(from form: Form, base: Guest, wedding: Wedding?) -> FormReading<Guest> {
        var reader = FieldReader(form)
        var guest = base
        guest.firstName = reader.text("firstName")
        guest.lastName = reader.text("lastName")
        guest.email = reader.text("email")
        guest.phone = reader.text("phone")
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
        guest.table = reader.number("table", "a table")
        guest.seat = reader.number("seat", "a seat")
        guest.weddingPartyRole = reader.text("weddingPartyRole")
        guest.notes = form["notes"].text
        if let wedding { reader.add(guest.validationIssues(in: WeddingDataset(wedding: wedding))) }
        return FormReading(guest, issues: reader.issues)
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
