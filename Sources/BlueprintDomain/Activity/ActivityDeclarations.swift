import Foundation

// How the activity feed names each kind of record and the fields it tells changes of.

extension Wedding: ActivityDescribed {
    public var activityName: String { name }
    public static var describedFields: [DescribedField<Wedding>] {
        let couple: (Wedding) -> String = { "\($0.partner1Name) and \($0.partner2Name)" }
        return [.valued("name", \.name) { $0.name }, .valued("names of the couple", \.partner1Name, couple),
                .valued("names of the couple", \.partner2Name, couple),
                .valued("date", \.weddingDate) { $0.weddingDate?.spelledOut ?? "none" },
                .valued("total budget", \.totalBudget) { $0.currency.format($0.totalBudget) },
                .valued("currency", \.currency) { $0.currency.code },
                .valued("meal options", \.mealOptions) { $0.mealOptions.isEmpty ? "none" : $0.mealOptions.joined(separator: ", ") },
                .valued("RSVP deadline", \.rsvpDeadline) { $0.rsvpDeadline?.spelledOut ?? "none" }]
    }
}

extension Guest: ActivityDescribed {
    public var activityName: String { fullName.isEmpty ? "a guest without a name" : fullName }
    public static var describedFields: [DescribedField<Guest>] {
        [.status("RSVP", \.rsvp) { $0.rawValue }, .field("name", \.firstName), .field("name", \.lastName),
         .field("email", \.email), .field("phone", \.phone), .field("household", \.household),
         .field("plus-one", \.plusOneAllowed), .field("plus-one", \.plusOneName), .field("plus-one", \.plusOneAttending),
         .field("plus-one's meal", \.plusOneMealChoice), .field("plus-one's dietary needs", \.plusOneDietaryRestrictions),
         .field("meal", \.mealChoice), .field("dietary needs", \.dietaryRestrictions),
         .field("accessibility needs", \.accessibilityNeeds), .field("table", \.table), .field("seat", \.seat),
         .field("address", \.address), .field("notes", \.notes)]
    }
}

extension BudgetCategory: ActivityDescribed {
    public var activityName: String { name }
    public static var describedFields: [DescribedField<BudgetCategory>] {
        [.field("name", \.name), .field("allocation", \.allocated), .field("parent", \.parentID), .field("notes", \.notes)]
    }
}

extension Expense: ActivityDescribed {
    public var activityName: String { name }
    public static var describedFields: [DescribedField<Expense>] {
        [.status("payment status", \.paymentStatus) { $0.rawValue }, .field("name", \.name), .field("amount", \.amount),
         .field("category", \.categoryID), .field("vendor", \.vendorID), .field("due date", \.dueDate),
         .field("installments", \.installments), .field("split", \.allocations), .field("notes", \.notes)]
    }
}

extension Vendor: ActivityDescribed {
    public var activityName: String { name }
    public static var describedFields: [DescribedField<Vendor>] {
        [.status("status", \.status) { $0.rawValue }, .field("name", \.name), .field("category", \.category),
         .field("contact", \.contactName), .field("phone", \.phone), .field("email", \.email), .field("website", \.website),
         .field("quote", \.quotedAmount), .field("booked date", \.bookedDate), .field("rating", \.rating),
         .field("review", \.review), .field("archived", \.isArchived), .field("notes", \.notes)]
    }
}

extension WeddingTask: ActivityDescribed {
    public var activityName: String { title }
    public static var describedFields: [DescribedField<WeddingTask>] {
        [.status("status", \.status) { $0 == .completed ? "done" : $0.rawValue.replacingOccurrences(of: "-", with: " ") },
         .field("title", \.title), .field("due date", \.dueDate), .field("priority", \.priority),
         .field("assignees", \.assignees), .field("subtasks", \.subtasks), .field("details", \.details)]
    }
}

extension Milestone: ActivityDescribed {
    public var activityName: String { title }
    public static var describedFields: [DescribedField<Milestone>] {
        [.status("done", \.isDone) { $0 ? "done" : "not done" }, .field("title", \.title), .field("date", \.date),
         .field("notes", \.notes)]
    }
}

extension RunSheetItem: ActivityDescribed {
    public var activityName: String { title }
    public static var describedFields: [DescribedField<RunSheetItem>] {
        [.field("title", \.title), .field("time", \.start), .field("time", \.end), .field("day", \.day),
         .field("place", \.place), .field("people", \.people)]
    }
}

extension Gift: ActivityDescribed {
    public var activityName: String {
        let what = description.isEmpty ? "a gift" : description
        return from.isEmpty ? what : "\(what) from \(from)"
    }
    public static var describedFields: [DescribedField<Gift>] {
        [.status("thank-you", \.thankYouSent) { $0 ? "thanked" : "not thanked" }, .field("description", \.description),
         .field("from", \.guestIDs), .field("from", \.from), .field("value", \.value), .field("received", \.receivedOn),
         .field("notes", \.notes)]
    }
}

extension MoneyOwed: ActivityDescribed {
    public var activityName: String { person }
    public static var describedFields: [DescribedField<MoneyOwed>] {
        [.field("amount", \.amount), .field("settled", \.settled), .field("due date", \.dueOn), .field("notes", \.notes)]
    }
}

extension BudgetScenario: ActivityDescribed {
    public var activityName: String { name }
    public static var describedFields: [DescribedField<BudgetScenario>] {
        [.field("name", \.name), .field("total", \.totalBudget), .field("lines", \.lines), .field("notes", \.notes)]
    }
}

extension SeatingTable: ActivityDescribed {
    public var activityName: String { title }
    public static var describedFields: [DescribedField<SeatingTable>] {
        [.field("number", \.number), .field("name", \.name), .field("capacity", \.capacity), .field("notes", \.notes)]
    }
}

extension SeatingRule: ActivityDescribed {
    public var activityName: String { ruleKind == .together ? "a keep-together rule" : "a keep-apart rule" }
    public static var describedFields: [DescribedField<SeatingRule>] {
        [.field("guests", \.guestIDs), .field("note", \.note)]
    }
}

extension Note: ActivityDescribed {
    /// The first line, cut to 40 characters.
    public var activityName: String { firstLine.count > 40 ? String(firstLine.prefix(39)) + "…" : firstLine }
    public static var describedFields: [DescribedField<Note>] { [.field("text", \.text)] }
}

extension Document: ActivityDescribed {
    public var activityName: String { title }
    public static var describedFields: [DescribedField<Document>] {
        [.status("trash", \.trashedAt) { $0 == nil ? "restored" : "in the trash" }, .field("title", \.title),
         .field("attached to", \.subject)]
    }
}
