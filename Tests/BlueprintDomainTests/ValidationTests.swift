import BlueprintDomain
import Foundation
import Testing

@Suite("Validation")
struct ValidationTests {
    let dataset = Sample.dataset

    /// The fields the issues name, in order.
    func fields(_ issues: [ValidationIssue]) -> [String] { issues.map(\.field) }

    @Test("a guest needs a first or a last name")
    func guestName() {
        let nameless = Guest(firstName: " ", lastName: "", createdAt: createdTime)
        #expect(nameless.validationIssues(in: dataset)
            == [ValidationIssue(field: "firstName", message: "a first or last name is required")])
        let blankLines = Guest(firstName: "\n", lastName: "\t\r\n", createdAt: createdTime)
        #expect(blankLines.validationIssues(in: dataset).map(\.field) == ["firstName"])
        #expect(Guest(firstName: "", lastName: "Okafor", createdAt: createdTime).validationIssues(in: dataset).isEmpty)
        #expect(Guest(firstName: "Ana", lastName: "", createdAt: createdTime).validationIssues(in: dataset).isEmpty)
    }

    @Test("an email must look like one; empty means not given",
          arguments: ["ana@", "@example.com", "ana example@example.com", "ana@example", "ana@@example.com",
                      "ana@example.", "ana@.com", "ana.example.com", "ana@exa mple.com"])
    func badEmail(email: String) {
        let guest = Guest(firstName: "Ana", lastName: "Lopez", email: email, createdAt: createdTime)
        #expect(guest.validationIssues(in: dataset)
            == [ValidationIssue(field: "email", message: "'\(email)' is not an email address")])
        let vendor = Vendor(name: "Hall", email: email, createdAt: createdTime)
        #expect(fields(vendor.validationIssues(in: dataset)) == ["email"])
    }

    @Test("plausible email addresses pass", arguments: ["", "ana@example.com", "a.b+c@mail.example.co.uk", "x@y.z"])
    func goodEmail(email: String) {
        #expect(Guest(firstName: "Ana", lastName: "", email: email, createdAt: createdTime).validationIssues(in: dataset).isEmpty)
    }

    @Test("table and seat numbers start at 1")
    func tableAndSeat() {
        let guest = Guest(firstName: "Ana", lastName: "Lopez", table: 0, seat: -1, createdAt: createdTime)
        #expect(guest.validationIssues(in: dataset) == [
            ValidationIssue(field: "table", message: "a table number must be 1 or more"),
            ValidationIssue(field: "seat", message: "a seat number must be 1 or more"),
        ])
        #expect(Guest(firstName: "Ana", lastName: "", table: 1, seat: 1, createdAt: createdTime)
            .validationIssues(in: dataset).isEmpty)
    }

    @Test("a meal must be one of the wedding's options")
    func mealChoice() {
        let pizza = Guest(firstName: "Ana", lastName: "", mealChoice: "Pizza", createdAt: createdTime)
        let issues = pizza.validationIssues(in: dataset)
        #expect(fields(issues) == ["mealChoice"])
        #expect(issues.first?.message == "'Pizza' is not one of the meal options (Chicken, Beef, Fish, Vegetarian, Vegan)")
        #expect(Guest(firstName: "Ana", lastName: "", mealChoice: "Fish", createdAt: createdTime)
            .validationIssues(in: dataset).isEmpty)

        var tacoWedding = dataset
        tacoWedding.wedding.mealOptions = ["Tacos", "Salad"]
        #expect(fields(Guest(firstName: "Ana", lastName: "", mealChoice: "Fish", createdAt: createdTime)
            .validationIssues(in: tacoWedding)) == ["mealChoice"])
        #expect(Guest(firstName: "Ana", lastName: "", mealChoice: "Tacos", createdAt: createdTime)
            .validationIssues(in: tacoWedding).isEmpty)
    }

    @Test("a plus-one's meal must be one of the wedding's options")
    func plusOneMealChoice() {
        let pizza = Guest(firstName: "Ana", lastName: "", plusOneAllowed: true, plusOneMealChoice: "Pizza", createdAt: createdTime)
        let issues = pizza.validationIssues(in: dataset)
        #expect(fields(issues) == ["plusOneMealChoice"])
        #expect(issues.first?.message == "'Pizza' is not one of the meal options (Chicken, Beef, Fish, Vegetarian, Vegan)")
        #expect(Guest(firstName: "Ana", lastName: "", plusOneAllowed: true, plusOneMealChoice: "Fish", createdAt: createdTime)
            .validationIssues(in: dataset).isEmpty)
    }

    @Test("a plus-one named, coming, with a meal or dietary needs is refused in words when no plus-one is allowed")
    func plusOneNotAllowed() {
        let guest = Guest(firstName: "Ana", lastName: "", plusOneAllowed: false, plusOneName: "Jo", plusOneAttending: true,
                          plusOneMealChoice: "Fish", plusOneDietaryRestrictions: "no nuts", createdAt: createdTime)
        let issues = guest.validationIssues(in: dataset)
        #expect(fields(issues) == ["plusOneName", "plusOneAttending", "plusOneMealChoice", "plusOneDietaryRestrictions"])
        #expect(issues.map(\.message) == ["no plus-one is allowed, so the plus-one cannot be named",
                                          "no plus-one is allowed, so the plus-one cannot be coming",
                                          "no plus-one is allowed, so the plus-one cannot have a meal",
                                          "no plus-one is allowed, so the plus-one cannot have dietary needs"])
        var allowed = guest
        allowed.plusOneAllowed = true
        #expect(allowed.validationIssues(in: dataset).isEmpty)
        #expect(fields(Guest(firstName: "Ana", lastName: "", plusOneName: "Jo", createdAt: createdTime)
            .validationIssues(in: dataset)) == ["plusOneName"])
        #expect(fields(Guest(firstName: "Ana", lastName: "", plusOneAttending: true, createdAt: createdTime)
            .validationIssues(in: dataset)) == ["plusOneAttending"])
    }

    @Test("a category needs a name, a non-negative allocation and an existing parent")
    func categoryFields() {
        let category = BudgetCategory(name: "  ", allocated: Money(minorUnits: -1), parentID: uuid(777),
                                      createdAt: createdTime)
        #expect(category.validationIssues(in: dataset) == [
            ValidationIssue(field: "name", message: "a category name is required"),
            ValidationIssue(field: "allocated", message: "the allocated amount cannot be negative"),
            ValidationIssue(field: "parent", message: "no budget category with id 00000000-0000-0000-0000-000000000777"),
        ])
        #expect(BudgetCategory(name: "Cake", parentID: Sample.ceremonyCategory.id, createdAt: createdTime)
            .validationIssues(in: dataset).isEmpty)
    }

    @Test("a category cannot be its own ancestor")
    func categoryCycles() {
        var venue = Sample.venueCategory
        venue.parentID = venue.id
        #expect(venue.validationIssues(in: dataset)
            == [ValidationIssue(field: "parent", message: "a category cannot be inside itself")])
        // Ceremony is inside Venue, so Venue cannot move inside Ceremony.
        venue.parentID = Sample.ceremonyCategory.id
        #expect(fields(venue.validationIssues(in: dataset)) == ["parent"])
        venue.parentID = Sample.flowersCategory.id
        #expect(venue.validationIssues(in: dataset).isEmpty)
    }

    @Test("an expense needs a name, a non-negative amount, an existing category and vendor")
    func expenseFields() {
        let expense = Expense(name: "", categoryID: uuid(777), vendorID: uuid(778), amount: Money(minorUnits: -500),
                              createdAt: createdTime)
        #expect(expense.validationIssues(in: dataset) == [
            ValidationIssue(field: "name", message: "an expense name is required"),
            ValidationIssue(field: "amount", message: "the amount cannot be negative"),
            ValidationIssue(field: "category", message: "no budget category with id 00000000-0000-0000-0000-000000000777"),
            ValidationIssue(field: "vendor", message: "no vendor with id 00000000-0000-0000-0000-000000000778"),
        ])
    }

    @Test("installments cannot be negative or add up to more than the expense")
    func installments() {
        var expense = Expense(name: "Band", categoryID: Sample.venueCategory.id, amount: usd(1_000),
                              installments: [Installment(amount: usd(400), dueDate: day("2026-04-01")),
                                             Installment(amount: usd(600), dueDate: day("2026-09-01"))],
                              createdAt: createdTime)
        #expect(expense.validationIssues(in: dataset).isEmpty)

        expense.installments[1].amount = usd(600, 1)
        #expect(expense.validationIssues(in: dataset) == [
            ValidationIssue(field: "installments", message: "the installments add up to more than the expense amount"),
        ])
        expense.installments[1].amount = Money(minorUnits: -1)
        #expect(expense.validationIssues(in: dataset) == [
            ValidationIssue(field: "installments[2].amount", message: "an installment cannot be negative"),
        ])
        expense.installments[1] = Installment(id: expense.installments[0].id, amount: usd(1), dueDate: day("2026-09-01"))
        #expect(fields(expense.validationIssues(in: dataset)) == ["installments"])
    }

    @Test("a vendor needs a name, a non-negative quote and an existing budget category")
    func vendorFields() {
        let vendor = Vendor(name: "\n", quotedAmount: Money(minorUnits: -1), budgetCategoryID: uuid(777),
                            createdAt: createdTime)
        #expect(vendor.validationIssues(in: dataset) == [
            ValidationIssue(field: "name", message: "a vendor name is required"),
            ValidationIssue(field: "quotedAmount", message: "the quoted amount cannot be negative"),
            ValidationIssue(field: "budgetCategory", message: "no budget category with id 00000000-0000-0000-0000-000000000777"),
        ])
        #expect(Vendor(name: "DJ", quotedAmount: .zero, createdAt: createdTime).validationIssues(in: dataset).isEmpty)
    }

    @Test("a vendor's rating is 1 to 5 stars, and the message names the rating", arguments: [0, 6, -1])
    func vendorRatingOutOfRange(rating: Int) {
        let vendor = Vendor(name: "DJ", rating: rating, createdAt: createdTime)
        #expect(vendor.validationIssues(in: dataset) == [
            ValidationIssue(field: "rating", message: "the rating must be 1 to 5 stars, not \(rating)"),
        ])
        for stars in 1...5 {
            #expect(Vendor(name: "DJ", rating: stars, createdAt: createdTime).validationIssues(in: dataset).isEmpty)
        }
    }

    @Test("a task needs a title, titled subtasks and existing vendor and category")
    func taskFields() {
        let task = WeddingTask(title: "", vendorID: uuid(778), budgetCategoryID: uuid(777),
                               subtasks: [Subtask(title: "Call"), Subtask(title: " ")], createdAt: createdTime)
        #expect(task.validationIssues(in: dataset) == [
            ValidationIssue(field: "title", message: "a task title is required"),
            ValidationIssue(field: "vendor", message: "no vendor with id 00000000-0000-0000-0000-000000000778"),
            ValidationIssue(field: "budgetCategory", message: "no budget category with id 00000000-0000-0000-0000-000000000777"),
            ValidationIssue(field: "subtasks[2].title", message: "a subtask title is required"),
        ])
        let twin = Subtask(id: uuid(5), title: "Twin")
        #expect(fields(WeddingTask(title: "T", subtasks: [twin, twin], createdAt: createdTime)
            .validationIssues(in: dataset)) == ["subtasks"])
    }

    @Test("a wedding needs a name, a non-negative budget and distinct, non-blank meal options")
    func weddingFields() {
        var wedding = fixtureWedding
        wedding.name = ""
        wedding.totalBudget = Money(minorUnits: -1)
        wedding.mealOptions = ["Fish", " ", "fish"]
        #expect(wedding.validationIssues(in: dataset) == [
            ValidationIssue(field: "name", message: "a wedding name is required"),
            ValidationIssue(field: "totalBudget", message: "the total budget cannot be negative"),
            ValidationIssue(field: "mealOptions", message: "a meal option cannot be blank"),
            ValidationIssue(field: "mealOptions", message: "meal options must be different"),
        ])
        #expect(fixtureWedding.validationIssues(in: dataset).isEmpty)
    }

    @Test("the error for an invalid record names its kind, each field and the problem")
    func errorMessage() {
        let error = RepositoryError.invalid(.category, [ValidationIssue(field: "name", message: "a category name is required"),
                                                        ValidationIssue(field: "allocated", message: "the allocated amount cannot be negative")])
        #expect(error.description
            == "invalid budget category: name: a category name is required; allocated: the allocated amount cannot be negative")
    }
}
