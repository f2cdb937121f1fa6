import BlueprintDomain
import Foundation

extension CSVSchema where R == Expense {
    /// Expenses: the original app's export headers and the usual variants. Categories and vendors
    /// are named; a category the wedding lacks is created, a vendor must exist. Merging matches an
    /// expense by its description within its category. Installments are not carried by CSV.
    ///
    /// The status column is written as the planner shows it, from the money on the export's day
    /// (Paid, Part paid, Due, Overdue, Cancelled, Refunded). Read back, each word sets the mark it
    /// names: Paid marks the expense paid in full, Cancelled and Refunded take it out of the
    /// budget, Overdue marks it overdue; Part paid and Due mark nothing the money does not say.
    static var expenses: CSVSchema<Expense> {
        CSVSchema(
            columns: [
                .field("Category", aliases: ["Budget Category", "Category Name"], issueField: "category", \.categoryID,
                       parse: { (text, context) throws(CSVValueError) in try context.categoryID(named: text) },
                       format: { value, context in context.categoryName(value) }),
                .text("Description", aliases: ["Name", "Expense", "Expense Name", "Item"], issueField: "name", \.name),
                .field("Amount", aliases: ["Cost", "Price", "Total"], issueField: "amount", \.amount,
                       parse: { (text, context) throws(CSVValueError) in try CSVValues.money(text, in: context.currency) },
                       format: { value, context in context.currency.plain(value) }),
                .date("Due Date", aliases: ["Date", "Payment Date", "Due"], \.dueDate),
                .text("Payment Method", aliases: ["Method", "Paid With"], \.paymentMethod),
                .field("Vendor", aliases: ["Vendor Name", "Payee"], issueField: "vendor", \.vendorID,
                       parse: { (text, context) throws(CSVValueError) in try context.vendorID(named: text) },
                       format: { value, context in context.vendorName(value) }),
                CSVColumn("Payment Status", aliases: ["Status"],
                          read: { (text, _, expense) throws(CSVValueError) in
                              expense.paymentStatus = try CSVChoices.paymentStatus.parse(text, as: "a payment status")
                          },
                          copy: { source, target in target.paymentStatus = source.paymentStatus },
                          write: { expense, context in CSVChoices.label(expense.standing(today: context.today).rawValue) }),
                .text("Notes", aliases: ["Note", "Comments"], \.notes),
            ],
            requiredColumns: [["Category"], ["Description"], ["Amount"]],
            // The category column is required, so every row replaces this placeholder category.
            blank: { Expense(name: "", categoryID: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), amount: .zero) },
            matchKeys: { expense in
                let name = CSVContext.nameKey(expense.name)
                return name.isEmpty ? [] : ["\(expense.categoryID)|" + name]
            },
            label: { $0.name })
    }
}
