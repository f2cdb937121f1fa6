import BlueprintDomain

/// The form of a new wedding on the welcome screen. Its fields are named as `WeddingDraft`
/// names them, so the draft's problems land beside the right field.
enum NewWeddingForm {
    static func form(defaultCurrency: Currency) -> Form {
        Form(title: "New wedding", fields: [
            .text("name", "Wedding name", "", placeholder: "such as Ana & Ben"),
            .text("partner1Name", "Partner 1", "", placeholder: "optional"),
            .text("partner2Name", "Partner 2", "", placeholder: "optional"),
            .text("date", "Date", "", placeholder: "yyyy-mm-dd, optional"),
            .text("currency", "Currency", defaultCurrency.code, placeholder: "such as USD or EUR"),
            .text("budget", "Total budget", "", placeholder: "optional, such as 25000"),
        ])
    }

    static func draft(from form: Form) -> WeddingDraft {
        WeddingDraft(name: form["name"].text, partner1Name: form["partner1Name"].text, partner2Name: form["partner2Name"].text,
                     date: form["date"].text, currency: form["currency"].text, budget: form["budget"].text)
    }
}
