import BlueprintDomain
import Foundation
import Testing

@Suite("New weddings: drafts and names")
struct WeddingDraftTests {
    let existing = [Wedding(name: "Ana & Ben", createdAt: createdTime), Wedding(name: "Cleo & Dev", createdAt: createdTime)]

    /// The issues `draft` is refused with, or [] if it makes a wedding.
    func issues(_ draft: WeddingDraft) -> [ValidationIssue] {
        do {
            _ = try draft.wedding(among: existing, createdAt: createdTime)
            return []
        } catch {
            guard case .invalid(.wedding, let issues) = error else { return [ValidationIssue(field: "?", message: "\(error)")] }
            return issues
        }
    }

    @Test("with a checklist the new wedding's data holds its tasks; without a date that is one more problem, listed with the others")
    func withTheChecklist() throws {
        let checklist = ChecklistTemplate(items: [
            ChecklistItem(key: "venue", leadTime: ChecklistLeadTime(12, .months)!, title: "Book the venue"),
            ChecklistItem(key: "day", leadTime: ChecklistLeadTime(0, .days)!, title: "Get married"),
        ])
        let today = CalendarDate(year: 2026, month: 11, day: 24)!
        let dated = WeddingDraft(name: "Mia & Noor", date: "2027-06-12", currency: "EUR")
        let dataset = try dated.dataset(among: existing, checklist: checklist, today: today, createdAt: createdTime)
        #expect(dataset.wedding.name == "Mia & Noor")
        #expect(dataset.tasks.map(\.dueDate) == [today, CalendarDate(year: 2027, month: 6, day: 12)])
        #expect(try dated.dataset(among: existing, checklist: nil, today: today).tasks.isEmpty)

        let undated = WeddingDraft(name: "Mia & Noor", currency: "dollars")
        #expect {
            try undated.dataset(among: existing, checklist: checklist, today: today)
        } throws: { error in
            guard case RepositoryError.invalid(.wedding, let issues) = error else { return false }
            return issues.map(\.field) == ["currency", "checklist"]
        }
    }

    @Test("a draft becomes a wedding: trimmed names, the date, the currency and the budget in its minor units")
    func wellFormed() throws {
        let draft = WeddingDraft(name: "  Mia & Noor ", partner1Name: " Mia", partner2Name: "Noor ", date: "2027-05-04",
                                 currency: "eur", budget: "25,000.50")
        let wedding = try draft.wedding(among: existing, createdAt: createdTime)
        #expect(wedding.name == "Mia & Noor")
        #expect(wedding.partner1Name == "Mia" && wedding.partner2Name == "Noor")
        #expect(wedding.weddingDate == CalendarDate(year: 2027, month: 5, day: 4))
        #expect(wedding.currency.code == "EUR")
        #expect(wedding.totalBudget == Money(minorUnits: 2_500_050))
        #expect(wedding.mealOptions == Wedding.defaultMealOptions)
    }

    @Test("date and budget are optional")
    func optionalFields() throws {
        let wedding = try WeddingDraft(name: "Mia & Noor", currency: "JPY").wedding(among: existing)
        #expect(wedding.weddingDate == nil)
        #expect(wedding.totalBudget == .zero)
        #expect(wedding.currency.minorDigits == 0)
    }

    @Test("every bad field is reported, each naming its field")
    func badFields() {
        let found = issues(WeddingDraft(name: " ", date: "2027-02-30", currency: "dollars", budget: "lots"))
        #expect(found == [
            ValidationIssue(field: "name", message: "a wedding name is required"),
            ValidationIssue(field: "date", message: "'2027-02-30' is not a date (yyyy-mm-dd)"),
            ValidationIssue(field: "currency", message: "'dollars' is not a currency code: ISO 4217, such as USD, EUR or JPY"),
        ])
        #expect(issues(WeddingDraft(name: "X", currency: "USD", budget: "lots")).map(\.field) == ["budget"])
        #expect(issues(WeddingDraft(name: "X", currency: "JPY", budget: "12.5")).map(\.field) == ["budget"])
        #expect(issues(WeddingDraft(name: "X", currency: "USD", budget: "-5"))
            == [ValidationIssue(field: "budget", message: "the total budget cannot be negative")])
        #expect(issues(WeddingDraft(name: "X", currency: "")) == [ValidationIssue(field: "currency", message: "a currency is required")])
    }

    @Test("a name another wedding answers to, in any case, is refused, and so is a name that looks like an id")
    func names() {
        #expect(issues(WeddingDraft(name: " ana & BEN ", currency: "USD"))
            == [ValidationIssue(field: "name", message: "a wedding named 'Ana & Ben' already exists")])
        let id = WeddingID().description
        #expect(issues(WeddingDraft(name: id, currency: "USD")).map(\.field) == ["name"])
        #expect(issues(WeddingDraft(name: "Ana & Benedict", currency: "USD")).isEmpty)
    }

    @Test("renaming may keep the name or change its case, but not take another wedding's name")
    func renaming() {
        let ana = existing[0]
        #expect(WeddingNaming.issues(for: "ANA & BEN", among: existing, renaming: ana.weddingID).isEmpty)
        #expect(WeddingNaming.issues(for: "cleo & dev", among: existing, renaming: ana.weddingID).map(\.field) == ["name"])
        #expect(WeddingNaming.issues(for: "\n", among: existing, renaming: ana.weddingID).map(\.message) == ["a wedding name is required"])
        #expect(WeddingNaming.matches(" cleo & DEV", existing[1]))
    }

    @Test("a name nobody chose (a demo couple's) gets the first free number when another wedding answers to it")
    func unusedNames() {
        #expect(WeddingNaming.unused("Eli & Fay", among: existing) == "Eli & Fay")
        #expect(WeddingNaming.unused(" ANA & ben ", among: existing) == "ANA & ben (2)")
        let withSecond = existing + [Wedding(name: "ana & ben (2)", createdAt: createdTime)]
        #expect(WeddingNaming.unused("Ana & Ben", among: withSecond) == "Ana & Ben (3)")
    }
}
