import ArgumentParser
import BlueprintDomain
import BlueprintRepositories
import BlueprintText
import Foundation

/// `blueprint wedding set`: changes a wedding's own settings, as one undoable, journaled edit.
struct WeddingSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change a wedding's partners, RSVP deadline, total budget, currency or meal options.",
        discussion: """
            Options left out keep their value; an empty value clears a name, the deadline or the budget. \
            Nothing is changed if any value is wrong; every problem is listed. A meal option replaced at \
            the same place in --meal-options is renamed on every guest who chose it; removing one that \
            guests chose is refused unless --remove-chosen-meals is given (their meal is then not chosen).
            """
    )

    @OptionGroup var target: WeddingOptions
    @Option(name: .customLong("partner1"), help: ArgumentHelp("The first partner's name.", valueName: "name"))
    var partner1: String?
    @Option(name: .customLong("partner2"), help: ArgumentHelp("The second partner's name.", valueName: "name"))
    var partner2: String?
    @Option(name: .customLong("rsvp-by"), help: ArgumentHelp("The RSVP deadline (empty to clear it).", valueName: "yyyy-mm-dd"))
    var rsvpBy: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("The total budget, in the currency.", valueName: "amount"))
    var budget: String?
    @Option(help: ArgumentHelp("The ISO 4217 currency code; refused once amounts exist unless its decimal digits are the same.",
                               valueName: "code"))
    var currency: String?
    @Option(name: .customLong("meal-options"), help: ArgumentHelp("The meals guests choose from, comma-separated, in order.",
                                                                  valueName: "A,B,C"))
    var mealOptions: String?
    @Flag(name: .customLong("remove-chosen-meals"), help: "Remove meal options even though guests chose them.")
    var removeChosenMeals = false

    /// The option each field of a `WeddingSettingsEdit` comes from, for error messages.
    static let sources = ["partner1Name": "--partner1", "partner2Name": "--partner2", "rsvpDeadline": "--rsvp-by",
                          "budget": "--budget", "currency": "--currency", "mealOptions": "--meal-options"]

    func run() async throws {
        let edit = WeddingSettingsEdit(partner1Name: partner1, partner2Name: partner2, rsvpDeadline: rsvpBy, budget: budget,
                                       currency: currency, mealOptions: mealOptions)
        guard edit != WeddingSettingsEdit() else { throw CommandFailure("nothing to change: give at least one option (see --help)") }
        let (opened, found) = try await target.open()
        let repositories = opened.repositories, id = found.weddingID
        // The settings as stored now (the listing may trail a concurrent edit).
        let wedding = try await repositories.weddings.fetchWedding(id)
        let guests = try await repositories.guests.fetchGuests(in: id).records
        let holdsAmounts = try await Self.holdsAmounts(wedding, in: repositories)
        let change: WeddingSettingsChange
        switch Result(catching: { () throws(WeddingSettingsProblems) in
            try edit.change(of: wedding, guests: guests, holdsAmounts: holdsAmounts)
        }) {
        case .success(let made):
            change = made
        case .failure(let problems):
            await opened.close()
            throw CommandFailure("'\(wedding.name)' not changed:\n"
                                 + problems.issues.map { "  \(Self.sources[$0.field] ?? $0.field): \($0.message)" }.joined(separator: "\n"))
        }
        guard change.removedMealsInUse.isEmpty || removeChosenMeals else {
            await opened.close()
            throw CommandFailure("'\(wedding.name)' not changed: --meal-options: guests chose \(change.removedMealsInUseText); "
                                 + "give --remove-chosen-meals to remove them anyway (those guests then have no meal chosen)")
        }
        _ = try await repositories.commit(change.changeSet, operation: "change the wedding's settings", in: id)
        await opened.close()
        var lines = ["Changed the settings of '\(change.wedding.name)'."]
        if !change.guests.isEmpty {
            lines.append("\(change.guests.count) guest\(change.guests.count == 1 ? "'s" : "s'") meal changed with the options.")
        }
        lines += WeddingDates.pastWarnings(date: nil, rsvpDeadline: rsvpBy == nil ? nil : change.wedding.rsvpDeadline, today: .today)
            .map { "Warning: the RSVP deadline \($0.message)." }
        try CommandOutput.print(TerminalSanitizer.sanitize(lines.joined(separator: "\n")))
    }

    /// Whether the wedding keeps any amount in its currency.
    private static func holdsAmounts(_ wedding: Wedding, in repositories: Repositories) async throws -> Bool {
        let id = wedding.weddingID
        return WeddingSettingsEdit.holdsAmounts(
            totalBudget: wedding.totalBudget, categories: try await repositories.budget.fetchCategories(in: id).records,
            expenses: try await repositories.budget.fetchExpenses(in: id).records, vendors: try await repositories.vendors.fetchVendors(in: id).records,
            gifts: try await repositories.records(Gift.self).fetchAll(in: id).records,
            moneyOwed: try await repositories.records(MoneyOwed.self).fetchAll(in: id).records,
            scenarios: try await repositories.records(BudgetScenario.self).fetchAll(in: id).records)
    }
}
