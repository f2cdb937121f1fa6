import BlueprintDomain

/// The form of a new wedding on the welcome screen. Its fields are named as `WeddingDraft`
/// names them, so the draft's problems land beside the right field; with a planning checklist
/// to offer, a yes/no field adds its tasks (it needs a date).
enum NewWeddingForm {
    static func form(defaultCurrency: Currency, offersChecklist: Bool) -> Form {
        var fields: [FormField] = [
            .text("name", "Wedding name", "", placeholder: "such as Ana & Ben"),
            .text("partner1Name", "Partner 1", "", placeholder: "optional"),
            .text("partner2Name", "Partner 2", "", placeholder: "optional"),
            .text("date", "Date", "", placeholder: "yyyy-mm-dd, optional"),
            .text("currency", "Currency", defaultCurrency.code, placeholder: "such as USD or EUR"),
            .text("budget", "Total budget", "", placeholder: "optional, such as 25000"),
            .text("rsvpDeadline", "RSVP by", "", placeholder: "yyyy-mm-dd, optional"),
        ]
        if offersChecklist { fields.append(.toggle("checklist", "Planning checklist", true)) }
        return Form(title: "New wedding", fields: fields)
    }

    /// Whether the form asks for the checklist's tasks.
    static func wantsChecklist(_ form: Form) -> Bool {
        form.fields.contains { $0.name == "checklist" } && form["checklist"].selectedIndex == 1
    }

    static func draft(from form: Form) -> WeddingDraft {
        WeddingDraft(name: form["name"].text, partner1Name: form["partner1Name"].text, partner2Name: form["partner2Name"].text,
                     date: form["date"].text, rsvpDeadline: form["rsvpDeadline"].text, currency: form["currency"].text, budget: form["budget"].text)
    }
}
