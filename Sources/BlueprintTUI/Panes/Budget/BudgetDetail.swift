import BlueprintDomain
import BlueprintStores

/// Every field of an expense, with its installments, for the detail view.
@MainActor
enum BudgetDetail {
    static func lines(_ expense: Expense, budget: BudgetStore, vendors: VendorStore) -> [DetailOverlay.Line] {
        let currency = budget.wedding?.currency ?? .usd
        let money = { Formats.money($0, currency) }
        var lines: [DetailOverlay.Line] = [
            .init(label: "Expense", value: expense.name),
            .init(label: "Category", value: budget.category(expense.categoryID)?.name ?? ""),
            .init(label: "Vendor", value: expense.vendorID.flatMap { vendors.vendor($0)?.name } ?? ""),
            .init(label: "Amount", value: money(expense.amount)),
            .init(label: "Paid", value: money(expense.paid), style: .success),
            .init(label: "Still to pay", value: money(expense.outstanding),
                  style: BudgetColumns.isLate(expense, today: budget.today) ? .danger : .normal),
            .init(label: "Due", value: Formats.date(expense.dueDate)),
            .init(label: "Status", value: Formats.label(expense.paymentStatus.rawValue), style: BudgetColumns.style(expense.paymentStatus)),
            .init(label: "Paid by", value: expense.paymentMethod),
            .init(label: "Notes", value: expense.notes),
        ]
        if expense.installments.isEmpty {
            lines.append(.init(label: "Installments", value: "none (i records one)", style: .muted))
        }
        for (index, installment) in expense.installments.enumerated() {
            let paid = installment.paidDate.map { "paid \($0)" } ?? (installment.dueDate < budget.today ? "OVERDUE" : "not paid")
            lines.append(.init(label: index == 0 ? "Installments" : "",
                               value: "\(money(installment.amount)) due \(installment.dueDate) · \(paid)",
                               style: installment.isPaid ? .success : installment.dueDate < budget.today ? .danger : .normal))
        }
        lines.append(.init(label: "Updated", value: "\(expense.updatedAt) (version \(expense.version))", style: .muted))
        return lines
    }
}
