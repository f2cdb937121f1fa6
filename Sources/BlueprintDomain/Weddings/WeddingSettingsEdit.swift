/// A change to an existing wedding's own settings as a person types it (`blueprint wedding set`,
/// the planner's settings form); a field left `nil` stays as it is. Problems name the fields
/// `partner1Name`, `partner2Name`, `rsvpDeadline`, `budget`, `currency` and `mealOptions`.
///
/// Meal options are a comma-separated list. An option replaced at the same place by a name the
/// list did not have is a rename: every guest who chose it follows. An option left out is a
/// removal: guests who chose it have no meal chosen any more.
public struct WeddingSettingsEdit: Hashable, Sendable {
    public var partner1Name: String?
    public var partner2Name: String?
    /// `yyyy-mm-dd`, or empty to clear the deadline.
    public var rsvpDeadline: String?
    /// The total budget in the (new) currency; empty for none.
    public var budget: String?
    public var currency: String?
    /// `Chicken, Fish, Vegan`.
    public var mealOptions: String?

    public init(partner1Name: String? = nil, partner2Name: String? = nil, rsvpDeadline: String? = nil,
                budget: String? = nil, currency: String? = nil, mealOptions: String? = nil) {
        self.partner1Name = partner1Name
        self.partner2Name = partner2Name
        self.rsvpDeadline = rsvpDeadline
        self.budget = budget
        self.currency = currency
        self.mealOptions = mealOptions
    }

    /// What the edit makes of `wedding` and its `guests`; `holdsAmounts` says whether any amount
    /// is kept in the wedding's currency (budget, expenses, quotes, gifts…), which a currency of
    /// other minor digits would misread. Throws every problem, each naming its field.
    public func change(of wedding: Wedding, guests: some Collection<Guest>, holdsAmounts: Bool) throws(WeddingSettingsProblems) -> WeddingSettingsChange {
        var issues: [ValidationIssue] = []
        var edited = wedding
        if let partner1Name { edited.partner1Name = WeddingDraft.trimmed(partner1Name) }
        if let partner2Name { edited.partner2Name = WeddingDraft.trimmed(partner2Name) }
        if let rsvpDeadline { edited.rsvpDeadline = WeddingDraft.date(rsvpDeadline, field: "rsvpDeadline", issues: &issues) }
        if let currency {
            let code = WeddingDraft.trimmed(currency)
            if let problem = Currency.problem(with: code) {
                issues.append(ValidationIssue(field: "currency", message: problem))
            } else if let chosen = Currency(isoCode: code), chosen != wedding.currency {
                if holdsAmounts, chosen.minorDigits != wedding.currency.minorDigits {
                    issues.append(ValidationIssue(field: "currency", message: "stays \(wedding.currency.code): amounts are "
                        + "already kept with \(CountPhrase.of(wedding.currency.minorDigits, "decimal digit")) and \(chosen.code) has "
                        + "\(CountPhrase.of(chosen.minorDigits, "decimal digit"))"))
                } else {
                    edited.currency = chosen
                }
            }
        }
        if let budget {
            if WeddingDraft.trimmed(budget).isEmpty {
                edited.totalBudget = .zero
            } else {
                do {
                    edited.totalBudget = try edited.currency.parse(budget)
                } catch {
                    issues.append(ValidationIssue(field: "budget", message: error.description))
                }
            }
        }
        var renamed: [String: String] = [:]
        if let mealOptions {
            let options = mealOptions.split(separator: ",").map { WeddingDraft.trimmed(String($0)) }
            if options.contains(where: \.isEmpty) || (options.isEmpty && !mealOptions.isEmpty) {
                issues.append(ValidationIssue(field: "mealOptions", message: "a meal option cannot be blank"))
            }
            for (old, new) in zip(wedding.mealOptions, options)
            where old != new && !options.contains(old) && !wedding.mealOptions.contains(new) {
                renamed[old] = new
            }
            edited.mealOptions = options
        }
        issues += edited.validationIssues(in: WeddingDataset(wedding: edited))
            .filter { !issues.map(\.field).contains($0.field) }
            .map { $0.field == "totalBudget" ? ValidationIssue(field: "budget", message: $0.message) : $0 }
        guard issues.isEmpty else { throw WeddingSettingsProblems(issues: issues) }
        var changedGuests: [Guest] = []
        var removedInUse: [String: Int] = [:]
        /// The meal `meal` becomes: renamed, kept, or none (counted as removed while chosen).
        func following(_ meal: String) -> String {
            guard !meal.isEmpty, !edited.mealOptions.contains(meal) else { return meal }
            if let new = renamed[meal] { return new }
            removedInUse[meal, default: 0] += 1
            return ""
        }
        for var guest in guests {
            let (meal, plusOneMeal) = (following(guest.mealChoice), following(guest.plusOneMealChoice))
            guard meal != guest.mealChoice || plusOneMeal != guest.plusOneMealChoice else { continue }
            guest.mealChoice = meal
            guest.plusOneMealChoice = plusOneMeal
            changedGuests.append(guest)
        }
        return WeddingSettingsChange(base: wedding, wedding: edited, guests: changedGuests, renamedMeals: renamed, removedMealsInUse: removedInUse)
    }
}

/// Why a `WeddingSettingsEdit` cannot be made: every problem, each naming its field. Nothing else
/// can go wrong with one.
public struct WeddingSettingsProblems: Error, Equatable, Sendable {
    public let issues: [ValidationIssue]
}

/// What a `WeddingSettingsEdit` does: the wedding as it will be and the guests whose meal follows.
public struct WeddingSettingsChange: Sendable {
    /// The wedding as it was read, and as it will be.
    public let base: Wedding
    public let wedding: Wedding
    /// Guests whose meal (or whose plus-one's) was renamed or removed, as they will be.
    public let guests: [Guest]
    /// Old meal option → new name.
    public let renamedMeals: [String: String]
    /// Each removed meal option still chosen, with how many guests (and plus-ones) chose it: ask
    /// before saving.
    public let removedMealsInUse: [String: Int]

    /// "Fish (3 guests), Vegan (1 guest)": the removed options in use, for the question.
    public var removedMealsInUseText: String {
        removedMealsInUse.sorted { $0.key < $1.key }
            .map { "\($0.key) (" + CountPhrase.of($0.value, "guest") + ")" }
            .joined(separator: ", ")
    }

    /// The wedding and its guests saved together: one transaction, one undo step. While the
    /// guests change, the wedding offers both the old meal options and the new, so that each
    /// guest's meal is an option whichever way the set (or its undo, which runs backwards) goes.
    public var changeSet: RecordChangeSet {
        var changes = RecordChangeSet()
        var final = wedding
        if !guests.isEmpty {
            var both = base
            both.mealOptions = base.mealOptions + wedding.mealOptions.filter { !base.mealOptions.contains($0) }
            if both != base {
                changes.updateWedding(both)
                final.version += 1
            }
        }
        for guest in guests { changes.update(guest) }
        changes.updateWedding(final)
        return changes
    }
}

extension WeddingSettingsEdit {
    /// Whether any amount is kept in the wedding's currency: the total budget, an allocation, an
    /// expense, a quote, a gift's value, money owed or a scenario.
    public static func holdsAmounts(totalBudget: Money, categories: some Collection<BudgetCategory>,
                                    expenses: some Collection<Expense>, vendors: some Collection<Vendor>,
                                    gifts: some Collection<Gift>, moneyOwed: some Collection<MoneyOwed>,
                                    scenarios: [BudgetScenario]) -> Bool {
        totalBudget != .zero || !expenses.isEmpty || !moneyOwed.isEmpty || !scenarios.isEmpty
            || categories.contains { $0.allocated != .zero } || vendors.contains { $0.quotedAmount != nil }
            || gifts.contains { $0.value != nil }
    }
}
