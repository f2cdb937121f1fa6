import BlueprintDomain
import BlueprintStores

/// Every field of an expense with its installments, or of a category with its money and what
/// is linked to it, for the detail view.
@MainActor
enum BudgetDetail {
    /// The expense's lines; with no installment yet, the key of `keymap` that records one.
    static func lines(_ expense: Expense, budget: BudgetStore, vendors: VendorStore, keymap: Keymap) -> [DetailOverlay.Line] {
        let currency = budget.wedding?.currency ?? .usd
        let money = { Formats.money($0, currency) }
        let standing = expense.standing(today: budget.today)
        var lines: [DetailOverlay.Line] = [
            .init(label: "Expense", value: expense.name),
            .init(label: "Category", value: budget.category(expense.categoryID)?.name ?? ""),
            .init(label: "Vendor", value: expense.vendorID.flatMap { vendors.vendor($0)?.name } ?? ""),
            .init(label: "Amount", value: money(expense.amount)),
            .init(label: "Paid", value: money(expense.paid), style: .success),
            .init(label: "Still to pay", value: money(expense.outstanding),
                  style: BudgetColumns.isLate(expense, today: budget.today) ? .danger : .normal),
            .init(label: "Due", value: Formats.date(expense.dueDate)),
            .init(label: "Status", value: Formats.label(standing.rawValue), style: BudgetColumns.style(standing)),
            .init(label: "Paid by", value: expense.paymentMethod),
            .init(label: "Notes", value: expense.notes),
        ]
        lines += shareLines(expense, budget: budget)
        if expense.installments.isEmpty {
            let record = keymap.hint(.recordInstallment, in: .detail, "records one").map { " (\($0))" } ?? ""
            lines.append(.init(label: "Installments", value: "none" + record, style: .muted))
        }
        let owed = expense.duePayments(today: budget.today)
        for (index, installment) in expense.installments.enumerated() {
            let payment = owed.first { $0.installmentID == installment.id }
            let late = payment.map { expense.isOverdue($0, today: budget.today) } ?? false
            let state = installment.paidDate.map { "paid \($0)" } ?? (payment == nil ? "settled" : late ? "OVERDUE" : "not paid")
            lines.append(.init(label: index == 0 ? "Installments" : "",
                               value: "\(money(installment.amount)) due \(installment.dueDate) · \(state)",
                               style: payment == nil ? .success : late ? .danger : .normal))
        }
        if !expense.installments.isEmpty {
            let keys = [keymap.hint(.editInstallments, in: .detail, "edits them"),
                        keymap.hint(.changeInstallment, in: .detail, "marks one paid or not, or deletes it")].compactMap { $0 }
            if !keys.isEmpty { lines.append(.init(label: "", value: keys.joined(separator: "; "), style: .muted)) }
        }
        return lines
    }

    /// With a split: each category's share of the amount (the own category's first, as the rest),
    /// and how it was given.
    private static func shareLines(_ expense: Expense, budget: BudgetStore) -> [DetailOverlay.Line] {
        guard !expense.allocations.isEmpty else { return [] }
        let currency = budget.wedding?.currency ?? .usd
        return expense.shares(of: expense.amount).enumerated().map { index, share in
            let how: String
            if index == 0 {
                how = "the rest"
            } else {
                switch expense.allocations[index - 1].share {
                case .amount: how = "fixed"
                case .percent(let basisPoints): how = SplitText.percent(basisPoints) + "%"
                }
            }
            let name = budget.category(share.categoryID)?.name ?? "(deleted category)"
            return .init(label: index == 0 ? "Split" : "", value: "\(name) \(Formats.money(share.amount, currency)) (\(how))")
        }
    }

    static func lines(_ category: BudgetCategory, budget: BudgetStore, vendors: VendorStore, tasks: TaskStore) -> [DetailOverlay.Line] {
        let currency = budget.wedding?.currency ?? .usd
        let money = { Formats.money($0, currency) }
        let expenses = budget.expenses.filter { $0.categoryID == category.id || $0.allocatedCategoryIDs.contains(category.id) }
        let metrics = CategoryMetrics.all(categories: [category], expenses: expenses)[0]
        let over = metrics.isOverBudget
        let unpaid = expenses.filter { $0.outstanding > .zero }.count
        var lines: [DetailOverlay.Line] = [
            .init(label: "Category", value: category.name),
            .init(label: "Inside", value: category.parentID.flatMap { budget.category($0)?.name } ?? "top level"),
            .init(label: "Allocated", value: money(metrics.allocated)),
            .init(label: "Spent", value: money(metrics.spent) + " (\(Formats.percent(metrics.fractionSpent)) of the allocation)",
                  style: over ? .danger : .normal),
            .init(label: "Remaining", value: over ? "OVER BUDGET by " + money(metrics.spent - metrics.allocated) : money(metrics.remaining),
                  style: over ? .danger : .normal),
            .init(label: "Paid", value: money(metrics.paid), style: .success),
            .init(label: "Expenses", value: expenses.isEmpty ? "none" : "\(expenses.count), \(unpaid) not fully paid"),
        ]
        lines += listed("Vendors", vendors.vendors.filter { $0.budgetCategoryID == category.id }.map(\.name))
        lines += listed("Tasks", tasks.tasks.filter { $0.budgetCategoryID == category.id }.map(\.title))
        lines.append(.init(label: "Notes", value: category.notes))
        return lines
    }

    /// `names` one a line under `label`, sorted, or "none linked".
    private static func listed(_ label: String, _ names: [String]) -> [DetailOverlay.Line] {
        guard !names.isEmpty else { return [.init(label: label, value: "none linked", style: .muted)] }
        return names.sorted { $0.lowercased() < $1.lowercased() }.enumerated().map { index, name in
            .init(label: index == 0 ? label : "", value: name)
        }
    }
}
