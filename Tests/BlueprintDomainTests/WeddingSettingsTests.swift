import BlueprintDomain
import Foundation
import Testing

@Suite("Wedding settings: editing partners, RSVP deadline, budget, currency and meal options")
struct WeddingSettingsTests {
    let wedding = Wedding(name: "Ana & Ben", partner1Name: "Ana", partner2Name: "Ben", totalBudget: Money(minorUnits: 2_500_000),
                          mealOptions: ["Chicken", "Fish", "Vegan"], createdAt: createdTime)
    let guests = [Guest(firstName: "Cleo", lastName: "Chen", mealChoice: "Fish", createdAt: createdTime),
                  Guest(firstName: "Dev", lastName: "Das", mealChoice: "Fish", createdAt: createdTime),
                  Guest(firstName: "Eve", lastName: "Endo", mealChoice: "Vegan", createdAt: createdTime)]

    /// The fields `edit` is refused on, with their messages.
    func issues(_ edit: WeddingSettingsEdit, holdsAmounts: Bool = true) -> [ValidationIssue] {
        do {
            _ = try edit.change(of: wedding, guests: guests, holdsAmounts: holdsAmounts)
            return []
        } catch {
            return error.issues
        }
    }

    @Test("partners, the RSVP deadline and the budget change; what is left out stays")
    func editsTheSettings() throws {
        let edit = WeddingSettingsEdit(partner1Name: " Anna ", rsvpDeadline: "2027-05-01", budget: "30,000")
        let change = try edit.change(of: wedding, guests: guests, holdsAmounts: true)
        #expect(change.wedding.partner1Name == "Anna" && change.wedding.partner2Name == "Ben")
        #expect(change.wedding.rsvpDeadline == CalendarDate(year: 2027, month: 5, day: 1))
        #expect(change.wedding.totalBudget == Money(minorUnits: 3_000_000))
        #expect(change.wedding.mealOptions == wedding.mealOptions && change.guests.isEmpty)
        let cleared = try WeddingSettingsEdit(rsvpDeadline: "", budget: "").change(of: change.wedding, guests: [], holdsAmounts: true)
        #expect(cleared.wedding.rsvpDeadline == nil && cleared.wedding.totalBudget == .zero)
    }

    @Test("every problem is named by its field, and nothing is changed")
    func refusesInWords() {
        let found = issues(WeddingSettingsEdit(rsvpDeadline: "May 1st", budget: "-5", currency: "xyz", mealOptions: "Fish,,Fish"))
        #expect(found.map(\.field).sorted() == ["budget", "currency", "mealOptions", "rsvpDeadline"])
        #expect(found.contains(ValidationIssue(field: "currency", message: "'xyz' is not a currency code: ISO 4217, such as USD, EUR or JPY")))
    }

    @Test("a meal option renamed in place is renamed on every guest who chose it, nobody else is touched")
    func renamesAMealOnEveryGuest() throws {
        let change = try WeddingSettingsEdit(mealOptions: "Chicken, Salmon, Vegan").change(of: wedding, guests: guests, holdsAmounts: true)
        #expect(change.wedding.mealOptions == ["Chicken", "Salmon", "Vegan"])
        #expect(change.renamedMeals == ["Fish": "Salmon"] && change.removedMealsInUse.isEmpty)
        #expect(change.guests.map(\.firstName) == ["Cleo", "Dev"] && change.guests.allSatisfy { $0.mealChoice == "Salmon" })
    }

    @Test("removing a meal option guests chose says which and how many; their meal is then not chosen")
    func removingAMealInUseIsCounted() throws {
        let change = try WeddingSettingsEdit(mealOptions: "Chicken").change(of: wedding, guests: guests, holdsAmounts: true)
        #expect(change.removedMealsInUse == ["Fish": 2, "Vegan": 1])
        #expect(change.removedMealsInUseText == "Fish (2 guests), Vegan (1 guest)")
        #expect(change.guests.count == 3 && change.guests.allSatisfy { $0.mealChoice.isEmpty })
    }

    @Test("a plus-one's meal follows a rename too, and counts when its option is removed")
    func plusOnesMealsFollow() throws {
        var fay = Guest(firstName: "Fay", lastName: "Ford", mealChoice: "Chicken", createdAt: createdTime)
        fay.plusOneAllowed = true
        fay.plusOneAttending = true
        fay.plusOneMealChoice = "Fish"
        let renamed = try WeddingSettingsEdit(mealOptions: "Chicken, Salmon, Vegan").change(of: wedding, guests: [fay], holdsAmounts: true)
        #expect(renamed.guests.map(\.plusOneMealChoice) == ["Salmon"] && renamed.guests.map(\.mealChoice) == ["Chicken"])
        let removed = try WeddingSettingsEdit(mealOptions: "Chicken, Vegan").change(of: wedding, guests: [fay], holdsAmounts: true)
        #expect(removed.removedMealsInUse == ["Fish": 1] && removed.guests.map(\.plusOneMealChoice) == [""])
    }

    @Test("the rename and its undo both pass the transaction's checks: every guest's meal is an option at each step")
    func theRenameCommitsAndUndoesAsOneSet() throws {
        var dataset = WeddingDataset(wedding: wedding, guests: guests)
        let change = try WeddingSettingsEdit(mealOptions: "Chicken, Salmon").change(of: wedding, guests: guests, holdsAmounts: true)
        let (committed, _) = try dataset.transaction(now: editTime) { try $0.apply(change.changeSet) }
        #expect(dataset.wedding.mealOptions == ["Chicken", "Salmon"])
        #expect(guests.map { dataset.guests[$0.id]?.mealChoice } == ["Salmon", "Salmon", ""])
        _ = try dataset.transaction(now: editTime) { _ = try $0.apply(committed.inverse) }
        #expect(dataset.wedding.mealOptions == ["Chicken", "Fish", "Vegan"])
        #expect(guests.map { dataset.guests[$0.id]?.mealChoice } == ["Fish", "Fish", "Vegan"])
    }

    @Test("a currency of other decimal digits is refused in words once amounts exist; one of the same digits, or none yet, is taken")
    func currencyChangesKeepAmountsMeaningful() throws {
        #expect(issues(WeddingSettingsEdit(currency: "JPY")) == [ValidationIssue(
            field: "currency", message: "stays USD: amounts are already kept with 2 decimal digits and JPY has 0 decimal digits")])
        #expect(try WeddingSettingsEdit(currency: "eur").change(of: wedding, guests: [], holdsAmounts: true).wedding.currency.code == "EUR")
        let yen = try WeddingSettingsEdit(budget: "", currency: "JPY").change(of: wedding, guests: [], holdsAmounts: false)
        #expect(yen.wedding.currency.code == "JPY" && yen.wedding.currency.minorDigits == 0)
        #expect(issues(WeddingSettingsEdit(budget: "25000.50", currency: "KWD"), holdsAmounts: false).isEmpty)
        #expect(issues(WeddingSettingsEdit(budget: "100.5", currency: "JPY"), holdsAmounts: false).map(\.field) == ["budget"])
    }

    @Test("a currency chosen by a person is an ISO 4217 code; stored codes still read back")
    func currencyCodesAreISO() {
        #expect(Currency(isoCode: "usd")?.code == "USD")
        #expect(Currency(isoCode: "KWD")?.minorDigits == 3 && Currency(isoCode: "JPY")?.minorDigits == 0)
        #expect(Currency(isoCode: "XYZ") == nil && Currency(isoCode: "QQQ") == nil)
        #expect(Currency(code: "XYZ")?.code == "XYZ")
        #expect(Currency.problem(with: "") == "a currency is required")
    }

    @Test("a wedding date or RSVP deadline in the past is a warning, not a refusal")
    func pastDatesWarn() throws {
        let today = CalendarDate(year: 2026, month: 11, day: 27)!
        let draft = WeddingDraft(name: "Mia & Noor", date: "2026-01-10", rsvpDeadline: "2025-12-01", currency: "EUR")
        let created = try draft.wedding(among: [], createdAt: createdTime)
        #expect(created.rsvpDeadline == CalendarDate(year: 2025, month: 12, day: 1))
        #expect(draft.warnings(today: today) == [ValidationIssue(field: "date", message: "2026-01-10 is in the past"),
                                                  ValidationIssue(field: "rsvpDeadline", message: "2025-12-01 is in the past")])
        #expect(WeddingDraft(name: "x", date: "2027-01-10", currency: "EUR").warnings(today: today).isEmpty)
        #expect(WeddingDraft(name: "x", currency: "XYZ").warnings(today: today).isEmpty)
    }
}
