import Foundation

// How the activity feed names each kind of record and tells a change of each field: yes-or-no
// fields as what the person did ("archived DJ Ñandú"), statuses as the new state, amounts, dates
// and choices with their new value in words, free text by the field's name alone.

extension Wedding: ActivityDescribed {
    public var activityName: String { name }
    public static var describedFields: [DescribedField<Wedding>] {
        let couple: (Wedding, ActivityContext) -> String = { wedding, _ in
            "\(wedding.partner1Name) and \(wedding.partner2Name)"
        }
        return [.valued("name", \.name) { wedding, _ in wedding.name }, .valued("names of the couple", \.partner1Name, couple),
                .valued("names of the couple", \.partner2Name, couple),
                .valued("date", \.weddingDate) { $1.date($0.weddingDate) },
                .valued("total budget", \.totalBudget) { wedding, _ in wedding.currency.format(wedding.totalBudget) },
                .valued("currency", \.currency) { wedding, _ in wedding.currency.code },
                .valued("meal options", \.mealOptions) { wedding, _ in
                    wedding.mealOptions.isEmpty ? "none" : ListPhrase.joined(wedding.mealOptions)
                },
                .valued("RSVP deadline", \.rsvpDeadline) { $1.date($0.rsvpDeadline) }]
    }
}

extension Guest: ActivityDescribed {
    public var activityName: String { fullName.isEmpty ? "a guest without a name" : fullName }
    public static var describedFields: [DescribedField<Guest>] {
        [.status("RSVP", \.rsvp) { rsvp in
            switch rsvp {
            case .invited: "invited"
            case .pending: "awaiting an answer"
            case .attending: "attending"
            case .maybe: "as a maybe"
            case .declined: "declined"
            }
         },
         .field("name", \.firstName), .field("name", \.lastName), .field("email", \.email), .field("phone", \.phone),
         .valued("household", \.household) { guest, _ in noneIfEmpty(guest.household) },
         .toggle("plus-one", \.plusOneAllowed, on: { "allowed \($0) a plus-one" },
                 off: { "took back \($0.possessive) plus-one" }),
         .field("plus-one's name", \.plusOneName),
         .toggle("plus-one coming", \.plusOneAttending, on: { "marked \($0.possessive) plus-one attending" },
                 off: { "marked \($0.possessive) plus-one not attending" }),
         .valued("plus-one's meal", \.plusOneMealChoice) { guest, _ in noneIfEmpty(guest.plusOneMealChoice) },
         .field("plus-one's dietary needs", \.plusOneDietaryRestrictions),
         .valued("meal", \.mealChoice) { guest, _ in noneIfEmpty(guest.mealChoice) },
         .field("dietary needs", \.dietaryRestrictions), .field("accessibility needs", \.accessibilityNeeds),
         .valued("table", \.table) { guest, _ in guest.table.map(String.init) ?? "none" },
         .valued("seat", \.seat) { guest, _ in guest.seat.map(String.init) ?? "none" },
         .field("address", \.address), .field("notes", \.notes)]
    }
}

extension BudgetCategory: ActivityDescribed {
    public var activityName: String { name }
    public static var describedFields: [DescribedField<BudgetCategory>] {
        [.field("name", \.name), .valued("allocation", \.allocated) { $1.money($0.allocated) },
         .action("parent", \.parentID) { category, name, context in
             category.parentID == nil ? "moved \(name) to the top level"
                                      : "moved \(name) under \(context.name(of: .category, category.parentID))"
         },
         .field("notes", \.notes)]
    }
}

extension Expense: ActivityDescribed {
    public var activityName: String { name }
    public static var describedFields: [DescribedField<Expense>] {
        [.status("payment status", \.paymentStatus) { $0 == .partial ? "part paid" : $0.rawValue }, .field("name", \.name),
         .valued("amount", \.amount) { $1.money($0.amount) },
         .valued("category", \.categoryID) { $1.name(of: .category, $0.categoryID) },
         .valued("vendor", \.vendorID) { $1.name(of: .vendor, $0.vendorID) },
         .valued("due date", \.dueDate) { $1.date($0.dueDate) },
         .field("installments", \.installments), .field("split between categories", \.allocations), .field("notes", \.notes)]
    }
}

extension Vendor: ActivityDescribed {
    public var activityName: String { name }
    public static var describedFields: [DescribedField<Vendor>] {
        [.status("status", \.status) { $0 == .researching ? "as researching" : $0.rawValue }, .field("name", \.name),
         .valued("category", \.category) { vendor, _ in vendor.category.displayName },
         .field("contact", \.contactName), .field("phone", \.phone), .field("email", \.email), .field("website", \.website),
         .valued("quote", \.quotedAmount) { $1.money($0.quotedAmount) },
         .valued("booked date", \.bookedDate) { $1.date($0.bookedDate) },
         .valued("rating", \.rating) { vendor, _ in vendor.rating.map { CountPhrase.of($0, "star") } ?? "none" },
         .field("review", \.review), .toggle("archived", \.isArchived, on: { "archived \($0)" }, off: { "restored \($0)" }),
         .field("notes", \.notes)]
    }
}

extension WeddingTask: ActivityDescribed {
    public var activityName: String { title }
    public static var describedFields: [DescribedField<WeddingTask>] {
        [.status("status", \.status) { $0 == .completed ? "done" : $0.rawValue.replacingOccurrences(of: "-", with: " ") },
         .field("title", \.title), .valued("due date", \.dueDate) { $1.date($0.dueDate) },
         .valued("priority", \.priority) { task, _ in task.priority.rawValue },
         .valued("assignees", \.assignees) { task, _ in task.assignees.isEmpty ? "no one" : ListPhrase.joined(task.assignees) },
         .field("subtasks", \.subtasks), .field("details", \.details)]
    }
}

extension Milestone: ActivityDescribed {
    public var activityName: String { title }
    public static var describedFields: [DescribedField<Milestone>] {
        [.status("done", \.isDone) { $0 ? "done" : "not done" }, .field("title", \.title),
         .valued("date", \.date) { $1.date($0.date) }, .field("notes", \.notes)]
    }
}

extension RunSheetItem: ActivityDescribed {
    public var activityName: String { title }
    public static var describedFields: [DescribedField<RunSheetItem>] {
        let time: (RunSheetItem, ActivityContext) -> String = { item, _ in "\(item.start)–\(item.endText)" }
        return [.field("title", \.title), .valued("time", \.start, time), .valued("time", \.end, time),
                .valued("day", \.day) { $1.date($0.day) }, .valued("place", \.place) { item, _ in noneIfEmpty(item.place) },
                .valued("people", \.people) { item, _ in item.people.isEmpty ? "no one" : ListPhrase.joined(item.people) }]
    }
}

extension Gift: ActivityDescribed {
    public var activityName: String {
        let what = description.isEmpty ? "a gift" : description
        return from.isEmpty ? what : "\(what) from \(from)"
    }

    /// What it is and who it is from, by the guests' names when no giver is written.
    public func activityName(in context: ActivityContext) -> String {
        guard from.isEmpty, !guestIDs.isEmpty else { return activityName }
        return "\(description.isEmpty ? "a gift" : description) from \(context.guestNames(guestIDs))"
    }

    public static var describedFields: [DescribedField<Gift>] {
        [.toggle("thank-you", \.thankYouSent, on: { "marked the thank-you for \($0) sent" },
                 off: { "marked the thank-you for \($0) not sent" }),
         .field("description", \.description), .field("giver", \.guestIDs), .field("giver", \.from),
         .valued("value", \.value) { $1.money($0.value) }, .valued("date received", \.receivedOn) { $1.date($0.receivedOn) },
         .field("notes", \.notes)]
    }
}

extension MoneyOwed: ActivityDescribed {
    public var activityName: String { person }
    public static var describedFields: [DescribedField<MoneyOwed>] {
        [.valued("amount", \.amount) { $1.money($0.amount) },
         .action("amount settled", \.settled) { owed, name, context in
             guard owed.settled < owed.amount else { return "settled up with \(name)" }
             return "marked \(context.money(owed.settled)) of \(context.money(owed.amount)) settled with \(name)"
         },
         .valued("due date", \.dueOn) { $1.date($0.dueOn) }, .field("notes", \.notes)]
    }
}

extension BudgetScenario: ActivityDescribed {
    public var activityName: String { name }
    public static var describedFields: [DescribedField<BudgetScenario>] {
        [.field("name", \.name), .valued("total", \.totalBudget) { $1.money($0.totalBudget) }, .field("lines", \.lines),
         .field("notes", \.notes)]
    }
}

extension SeatingTable: ActivityDescribed {
    public var activityName: String { title }
    /// Its title says it is a table ("Table 4 · Garden").
    public static var namesItsKind: Bool { true }
    public static var describedFields: [DescribedField<SeatingTable>] {
        [.valued("number", \.number) { table, _ in String(table.number) }, .field("name", \.name),
         .valued("capacity", \.capacity) { table, _ in CountPhrase.of(table.capacity, "seat") }, .field("notes", \.notes)]
    }
}

extension SeatingRule: ActivityDescribed {
    public var activityName: String { ruleKind == .together ? "a keep-together rule" : "a keep-apart rule" }
    /// The rule and its guests: "a keep-apart rule for Ana Ruiz and Ben Ng".
    public func activityName(in context: ActivityContext) -> String { "\(activityName) for \(context.guestNames(guestIDs))" }
    public static var namesItsKind: Bool { true }
    public static var describedFields: [DescribedField<SeatingRule>] {
        [.field("guests", \.guestIDs), .field("note", \.note)]
    }
}

extension Note: ActivityDescribed {
    public var activityName: String { "a note" }
    /// The record it is on: "a note on Ana Ruiz", "a note on the wedding".
    public func activityName(in context: ActivityContext) -> String { "a note on \(context.name(of: subject))" }
    public static var namesItsKind: Bool { true }
    public static var describedFields: [DescribedField<Note>] { [.field("text", \.text)] }
}

extension Document: ActivityDescribed {
    public var activityName: String { title }
    public static var describedFields: [DescribedField<Document>] {
        [.action("trash", \.trashedAt) { document, name, _ in
             document.trashedAt == nil ? "restored \(name) from the trash" : "moved \(name) to the trash"
         },
         .field("title", \.title),
         .action("attached to", \.subject) { document, name, context in
             "attached \(name) to \(context.name(of: document.subject))"
         }]
    }
}

/// Text as the feed says a new value: as typed, or "none" when empty.
private func noneIfEmpty(_ value: String) -> String { value.isEmpty ? "none" : value }

extension Invitation: ActivityDescribed {
    public var activityName: String { "the invitation of \(household)" }
    public static var namesItsKind: Bool { true }
    public static var describedFields: [DescribedField<Invitation>] {
        [.action("link", \.generation) { _, name, _ in "made a new link for \(name)" },
         .valued("online answer", \.answeredAt) { invitation, _ in invitation.answeredAt.map { "\($0)" } ?? "not yet" }]
    }
}
