import BlueprintDomain
import Foundation

/// The budget's forms: a category, an expense, an installment, and the expense filter.
enum BudgetForms {
    /// What the forms choose from: the wedding's categories and vendors, and its currency.
    struct Choices {
        let categories: [BudgetCategory]
        let vendors: [Vendor]
        let wedding: Wedding?

        var currency: Currency { wedding?.currency ?? .usd }

        /// A dataset holding what the domain's checks look up (categories, vendors).
        var dataset: WeddingDataset? {
            wedding.map { WeddingDataset(wedding: $0, categories: categories, vendors: vendors) }
        }
    }

    // MARK: Category

    static func categoryForm(_ category: BudgetCategory?, choices: Choices) -> Form {
        let category = category ?? BudgetCategory(name: "")
        let parents = choices.categories.filter { $0.id != category.id }
        return Form(title: category.name.isEmpty ? "New category" : "Edit \(category.name)", fields: [
            .text("name", "Name", category.name),
            .text("allocated", "Allocated", category.allocated == .zero ? "" : choices.currency.plain(category.allocated),
                  placeholder: "amount, e.g. 1500"),
            .choice("parent", "Inside", ["(top level)"] + parents.map(\.name),
                    selected: category.parentID.flatMap { id in parents.firstIndex { $0.id == id } }.map { $0 + 1 } ?? 0),
            .text("notes", "Notes", category.notes),
        ])
    }

    static func category(from form: Form, base: BudgetCategory, choices: Choices) -> FormReading<BudgetCategory> {
        var reader = FieldReader(form)
        var category = base
        let parents = choices.categories.filter { $0.id != base.id }
        category.name = reader.text("name")
        category.allocated = reader.money("allocated", in: choices.currency) ?? .zero
        let parent = form["parent"].selectedIndex
        category.parentID = parent == 0 ? nil : parents[parent - 1].id
        category.notes = form["notes"].text
        if let dataset = choices.dataset { reader.add(category.validationIssues(in: dataset)) }
        return FormReading(category, issues: reader.issues)
    }

    /// Deleting a category that `used` ("2 expenses") names: where they move to.
    static func moveExpensesForm(_ category: BudgetCategory, used: String, to others: [BudgetCategory]) -> Form {
        Form(title: "Delete \(category.name): move its \(used) to", fields: [
            .choice("target", "Move to", others.map(\.name), selected: 0),
        ])
    }

    // MARK: Expense

    static func expenseForm(_ expense: Expense?, in categoryID: UUID?, choices: Choices) -> Form {
        let expense = expense ?? Expense(name: "", categoryID: categoryID ?? UUID(), amount: .zero)
        return Form(title: expense.name.isEmpty ? "New expense" : "Edit \(expense.name)", fields: [
            .text("name", "Name", expense.name),
            .choice("category", "Category", choices.categories.isEmpty ? ["(no category yet)"] : choices.categories.map(\.name),
                    selected: choices.categories.firstIndex { $0.id == expense.categoryID } ?? 0),
            .choice("vendor", "Vendor", ["(none)"] + choices.vendors.map(\.name),
                    selected: expense.vendorID.flatMap { id in choices.vendors.firstIndex { $0.id == id } }.map { $0 + 1 } ?? 0),
            .text("amount", "Amount", expense.amount == .zero ? "" : choices.currency.plain(expense.amount),
                  placeholder: "amount, e.g. 1200.50"),
            .text("dueDate", "Due", Formats.date(expense.dueDate), placeholder: "yyyy-mm-dd"),
            .choice("paymentStatus", "Status", PaymentStatus.allCases.map { Formats.label($0.rawValue) },
                    selected: PaymentStatus.allCases.firstIndex(of: expense.paymentStatus)!),
            .text("paymentMethod", "Paid by", expense.paymentMethod, placeholder: "card, transfer, cash…"),
            .text("split", "Split", SplitText.text(expense.allocations, categories: choices.categories, currency: choices.currency),
                  placeholder: "e.g. Flowers 30%, Ceremony 120.00"),
            .text("notes", "Notes", expense.notes),
        ])
    }

    static func expense(from form: Form, base: Expense, choices: Choices) -> FormReading<Expense> {
        var reader = FieldReader(form)
        var expense = base
        expense.name = reader.text("name")
        if choices.categories.isEmpty {
            reader.add([ValidationIssue(field: "category", message: "add a budget category first")])
        } else {
            expense.categoryID = choices.categories[form["category"].selectedIndex].id
        }
        let vendor = form["vendor"].selectedIndex
        expense.vendorID = vendor == 0 ? nil : choices.vendors[vendor - 1].id
        expense.amount = reader.requiredMoney("amount", in: choices.currency, "an amount")
        expense.dueDate = reader.date("dueDate")
        expense.paymentStatus = PaymentStatus.allCases[form["paymentStatus"].selectedIndex]
        expense.paymentMethod = reader.text("paymentMethod")
        switch SplitText.parse(form["split"].text, categories: choices.categories, currency: choices.currency) {
        case .success(let allocations): expense.allocations = allocations
        case .failure(let error): reader.add([ValidationIssue(field: "split", message: error.message)])
        }
        expense.notes = form["notes"].text
        if let dataset = choices.dataset {
            // The split's problems (`allocations`, `allocations[2].category`) are shown on its field.
            reader.add(expense.validationIssues(in: dataset).map {
                $0.field.hasPrefix("allocations") ? ValidationIssue(field: "split", message: $0.message) : $0
            })
        }
        return FormReading(expense, issues: reader.issues)
    }

    // MARK: Installment

    /// Recording a payment: by default the rest of what is owed, due and paid today.
    static func installmentForm(for expense: Expense, today: CalendarDate, currency: Currency) -> Form {
        let scheduled = expense.installments.sum(\.amount)
        let rest = max(.zero, expense.amount - scheduled)
        return Form(title: "Installment of \(expense.name)", fields: [
            .text("amount", "Amount", rest == .zero ? "" : currency.plain(rest), placeholder: "amount"),
            .text("dueDate", "Due", today.description, placeholder: "yyyy-mm-dd"),
            .text("paidDate", "Paid on", today.description, placeholder: "yyyy-mm-dd, empty if not yet paid"),
        ])
    }

    static func installment(from form: Form, for expense: Expense, choices: Choices) -> FormReading<Installment> {
        var reader = FieldReader(form)
        let installment = Installment(amount: reader.requiredMoney("amount", in: choices.currency, "an amount"),
                                      dueDate: reader.requiredDate("dueDate", "a due date"), paidDate: reader.date("paidDate"))
        if reader.issues.isEmpty, let dataset = choices.dataset {
            var planned = expense
            planned.installments.append(installment)
            reader.add(planned.validationIssues(in: dataset).filter { $0.field.hasPrefix("installments") }
                .map { ValidationIssue(field: "amount", message: $0.message) })
        }
        return FormReading(installment, issues: reader.issues)
    }

    /// Each recorded installment's amount, due date and paid date, numbered in schedule order.
    static func installmentsForm(for expense: Expense, currency: Currency) -> Form {
        Form(title: "Installments of \(expense.name)", fields: expense.installments.enumerated().flatMap { index, installment in
            let number = index + 1
            return [FormField.text("amount\(number)", "\(number). Amount", currency.plain(installment.amount),
                                   placeholder: "empty deletes it"),
                    .text("dueDate\(number)", "\(number). Due", installment.dueDate.description, placeholder: "yyyy-mm-dd"),
                    .text("paidDate\(number)", "\(number). Paid on", Formats.date(installment.paidDate),
                          placeholder: "yyyy-mm-dd, empty if not yet paid")]
        })
    }

    /// The installments the form leaves (one with its amount emptied is gone), each keeping its id.
    static func installments(from form: Form, for expense: Expense, choices: Choices) -> FormReading<[Installment]> {
        var reader = FieldReader(form)
        var kept: [Installment] = []
        for (index, recorded) in expense.installments.enumerated() {
            let number = index + 1
            var installment = recorded
            guard !reader.text("amount\(number)").isEmpty else { continue }
            installment.amount = reader.requiredMoney("amount\(number)", in: choices.currency, "an amount")
            installment.dueDate = reader.requiredDate("dueDate\(number)", "a due date")
            installment.paidDate = reader.date("paidDate\(number)")
            kept.append(installment)
        }
        if reader.issues.isEmpty, let dataset = choices.dataset {
            var planned = expense
            planned.installments = kept
            reader.add(planned.validationIssues(in: dataset).filter { $0.field.hasPrefix("installments") }
                .map { ValidationIssue(field: "amount1", message: $0.message) })
        }
        return FormReading(kept, issues: reader.issues)
    }

    /// What `installmentChangeForm` can do to the installment chosen.
    enum InstallmentChange: CaseIterable {
        case paidToday, notPaid, deleted

        var label: String {
            switch self {
            case .paidToday: "Paid today"
            case .notPaid: "Not paid"
            case .deleted: "Deleted"
            }
        }
    }

    /// One installment of the expense ("2. $3,000.00 due 2026-01-20", "1. $3,000.00 paid
    /// 2026-01-01"), and what becomes of it: paid today, not paid, or deleted. The first unpaid
    /// installment is chosen at first, to be paid.
    static func installmentChangeForm(for expense: Expense, currency: Currency) -> Form {
        let firstUnpaid = expense.installments.firstIndex { !$0.isPaid }
        return Form(title: "An installment of \(expense.name)", fields: [
            .choice("installment", "Installment", expense.installments.enumerated().map { index, installment in
                "\(index + 1). \(currency.format(installment.amount)) "
                    + (installment.paidDate.map { "paid \($0)" } ?? "due \(installment.dueDate)")
            }, selected: firstUnpaid ?? 0),
            .choice("change", "Make it", InstallmentChange.allCases.map(\.label), selected: firstUnpaid == nil ? 1 : 0),
        ])
    }

    /// The installment the form chose, and what becomes of it.
    static func installmentChange(from form: Form, for expense: Expense) -> (installment: Installment, change: InstallmentChange) {
        (expense.installments[form["installment"].selectedIndex], InstallmentChange.allCases[form["change"].selectedIndex])
    }

    // MARK: Filter

    /// The status choices are the statuses the list shows (`PaymentStanding`), from the money.
    static func filterForm(_ filter: ExpenseFilter) -> Form {
        let standings = filter.standing?.standings ?? []
        return Form(title: "Filter expenses", fields: [
            .choice("status", "Status", ["Any"] + PaymentStanding.allCases.map { Formats.label($0.rawValue) },
                    selected: standings.count == 1 ? PaymentStanding.allCases.firstIndex(of: standings.first!)! + 1 : 0),
            .text("text", "Contains", filter.text.text, placeholder: "name, payment method, notes"),
        ])
    }

    /// `current` (its category kept) narrowed as the form says, the status judged on `today`.
    static func filter(from form: Form, keeping current: ExpenseFilter, today: CalendarDate) -> ExpenseFilter {
        let status = form["status"].selectedIndex
        return ExpenseFilter(text: form["text"].text, categoryID: current.categoryID, vendorID: current.vendorID,
                             standing: status == 0 ? nil : .init([PaymentStanding.allCases[status - 1]], on: today))
    }

    static func summary(_ filter: ExpenseFilter) -> String {
        Formats.filterSummary([
            filter.standing.map { $0.standings.map(\.rawValue).sorted().joined(separator: "/") },
            filter.text.isEmpty ? nil : "“\(filter.text.text)”",
        ])
    }
}
