import BlueprintDomain
import BlueprintStores

/// The wedding's own settings (`W`, `:settings`): partners, RSVP deadline, total budget,
/// currency and meal options, saved with the guests whose meal follows as one undoable step.
/// Fields are named as `WeddingSettingsEdit` names them, so its problems land beside them.
/// Removing a meal option guests chose says how many and asks: Enter again removes it.
@MainActor
enum SettingsForm {
    static func form(_ wedding: Wedding) -> Form {
        Form(title: "Settings of \(wedding.name)", fields: [
            .text("partner1Name", "Partner 1", wedding.partner1Name),
            .text("partner2Name", "Partner 2", wedding.partner2Name),
            .text("rsvpDeadline", "RSVP by", Formats.date(wedding.rsvpDeadline), placeholder: "yyyy-mm-dd"),
            .text("budget", "Total budget", wedding.totalBudget == .zero ? "" : wedding.currency.plain(wedding.totalBudget)),
            .text("currency", "Currency", wedding.currency.code, placeholder: "ISO 4217, such as USD or JPY"),
            .text("mealOptions", "Meal options", wedding.mealOptions.joined(separator: ", "), placeholder: "separated by commas"),
        ])
    }

    static func edit(from form: Form) -> WeddingSettingsEdit {
        WeddingSettingsEdit(partner1Name: form["partner1Name"].text, partner2Name: form["partner2Name"].text,
                            rsvpDeadline: form["rsvpDeadline"].text, budget: form["budget"].text,
                            currency: form["currency"].text, mealOptions: form["mealOptions"].text)
    }

    static func present(for session: WeddingSession, host: any PlannerHost) {
        guard let wedding = session.wedding.wedding else { return host.report("The wedding is still loading", severity: .warning) }
        var askedAbout: String?
        let following = FormFollowing.record(wedding, host: host, current: { session.wedding.wedding }) { Self.form($0) }
        host.present(FormOverlay(form(wedding), store: session.wedding, following: following) { form in
            let change: WeddingSettingsChange
            switch Result(catching: { () throws(WeddingSettingsProblems) in
                try edit(from: form).change(of: wedding, guests: session.guests.guests, holdsAmounts: holdsAmounts(session))
            }) {
            case .success(let made): change = made
            case .failure(let problems): return .invalid(problems.issues)
            }
            let inUse = change.removedMealsInUseText
            if !inUse.isEmpty, askedAbout != inUse {
                askedAbout = inUse
                return .invalid([ValidationIssue(field: "mealOptions", message: "guests chose \(inUse): Enter again removes "
                                                 + "\(change.removedMealsInUse.count == 1 ? "it" : "them") (no meal chosen then)")])
            }
            let count = change.guests.count
            let renamed = count == 0 ? "" : count == 1 ? " (1 guest's meal follows)" : " (\(count) guests' meals follow)"
            // A deadline already past is allowed, and said.
            let deadline = change.wedding.rsvpDeadline == wedding.rsvpDeadline ? nil : change.wedding.rsvpDeadline
            let past = WeddingDates.pastWarnings(date: nil, rsvpDeadline: deadline, today: session.wedding.today)
                .map { "; note: the RSVP deadline \($0.message)" }.joined()
            return .save(success: "Saved the wedding's settings" + renamed + past) {
                await session.wedding.change(change, guests: session.guests)
            }
        })
    }

    private static func holdsAmounts(_ session: WeddingSession) -> Bool {
        WeddingSettingsEdit.holdsAmounts(
            totalBudget: session.wedding.wedding?.totalBudget ?? .zero, categories: session.budget.categories,
            expenses: session.budget.expenses, vendors: session.vendors.vendors, gifts: session.gifts.gifts,
            moneyOwed: session.gifts.moneyOwed, scenarios: session.budget.scenarios)
    }
}
