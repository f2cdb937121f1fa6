import Foundation

/// Field checks shared by the record validators; each returns an issue naming the field.
enum Check {
    static func required(_ value: String, _ field: String, _ label: String) -> ValidationIssue? {
        value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            ? ValidationIssue(field: field, message: "\(label) is required") : nil
    }

    static func email(_ value: String, _ field: String = "email") -> ValidationIssue? {
        guard !value.isEmpty, !EmailShape.isPlausible(value) else { return nil }
        return ValidationIssue(field: field, message: "'\(value)' is not an email address")
    }

    /// An amount must be zero or more and within `Money.limit`.
    static func amount(_ money: Money?, _ field: String, _ label: String) -> ValidationIssue? {
        guard let money else { return nil }
        if money < .zero { return ValidationIssue(field: field, message: "\(label) cannot be negative") }
        guard money.isWithinLimit else { return ValidationIssue(field: field, message: "\(label) is \(Money.beyondLimit)") }
        return nil
    }

    static func atLeastOne(_ value: Int?, _ field: String, _ label: String) -> ValidationIssue? {
        guard let value, value < 1 else { return nil }
        return ValidationIssue(field: field, message: "\(label) must be 1 or more")
    }

    static func mealOption(_ value: String, _ field: String, in wedding: Wedding) -> ValidationIssue? {
        guard !value.isEmpty, !wedding.mealOptions.contains(value) else { return nil }
        return ValidationIssue(field: field, message: "'\(value)' is not one of the meal options ("
                               + wedding.mealOptions.joined(separator: ", ") + ")")
    }

    static func stars(_ value: Int?, _ field: String) -> ValidationIssue? {
        guard let value, !(1...5).contains(value) else { return nil }
        return ValidationIssue(field: field, message: "the rating must be 1 to 5 stars, not \(value)")
    }

    /// An issue for each listed guest that is not on the guest list, and one for a guest listed twice.
    static func guests(_ ids: [UUID], in dataset: WeddingDataset, _ field: String) -> [ValidationIssue] {
        var issues = ids.compactMap { exists($0, Guest.self, in: dataset, field) }
        if Set(ids).count != ids.count {
            issues.append(ValidationIssue(field: field, message: "a guest is listed twice"))
        }
        return issues
    }

    static func exists<R: TableRecord>(_ id: UUID?, _ type: R.Type, in dataset: WeddingDataset,
                                       _ field: String) -> ValidationIssue? {
        guard let id, dataset[keyPath: R.collection][id] == nil else { return nil }
        return ValidationIssue(field: field, message: "no \(R.kind.noun) with id \(id.uuidString.lowercased())")
    }
}

/// The shape of an email address: one `@`, something before it, a dotted domain after, no spaces.
public enum EmailShape {
    public static func isPlausible(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }
}

extension Wedding {
    public func validationIssues(in dataset: WeddingDataset) -> [ValidationIssue] {
        var issues = [Check.required(name, "name", "a wedding name"),
                      Check.amount(totalBudget, "totalBudget", "the total budget")].compactMap { $0 }
        if mealOptions.contains(where: { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }) {
            issues.append(ValidationIssue(field: "mealOptions", message: "a meal option cannot be blank"))
        }
        if Set(mealOptions.map { $0.lowercased() }).count != mealOptions.count {
            issues.append(ValidationIssue(field: "mealOptions", message: "meal options must be different"))
        }
        return issues
    }
}

extension Guest {
    public func validationIssues(in dataset: WeddingDataset) -> [ValidationIssue] {
        var issues = [Check.email(email), Check.atLeastOne(table, "table", "a table number"),
                      Check.atLeastOne(seat, "seat", "a seat number")].compactMap { $0 }
        if firstName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            && lastName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            issues.insert(ValidationIssue(field: "firstName", message: "a first or last name is required"), at: 0)
        }
        issues += [Check.mealOption(mealChoice, "mealChoice", in: dataset.wedding),
                   Check.mealOption(plusOneMealChoice, "plusOneMealChoice", in: dataset.wedding)].compactMap { $0 }
        issues += plusOneIssues
        return issues
    }

    /// A plus-one's details on a guest whose plus-one is not allowed, each refused by name
    /// rather than kept and ignored.
    public var plusOneIssues: [ValidationIssue] {
        guard !plusOneAllowed else { return [] }
        let given: [(field: String, cannot: String, isGiven: Bool)] = [
            ("plusOneName", "be named", !plusOneName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty),
            ("plusOneAttending", "be coming", plusOneAttending),
            ("plusOneMealChoice", "have a meal", !plusOneMealChoice.isEmpty),
            ("plusOneDietaryRestrictions", "have dietary needs",
             !plusOneDietaryRestrictions.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty),
        ]
        return given.filter(\.isGiven).map {
            ValidationIssue(field: $0.field, message: "no plus-one is allowed, so the plus-one cannot \($0.cannot)")
        }
    }
}

extension BudgetCategory {
    public func validationIssues(in dataset: WeddingDataset) -> [ValidationIssue] {
        var issues = [Check.required(name, "name", "a category name"),
                      Check.amount(allocated, "allocated", "the allocated amount"),
                      Check.exists(parentID, BudgetCategory.self, in: dataset, "parent")].compactMap { $0 }
        var ancestor = parentID
        var seen: Set<UUID> = [id]
        while let current = ancestor, issues.allSatisfy({ $0.field != "parent" }) {
            if seen.contains(current) {
                issues.append(ValidationIssue(field: "parent", message: "a category cannot be inside itself"))
            }
            seen.insert(current)
            ancestor = dataset.categories[current]?.parentID
        }
        return issues
    }
}

extension Expense {
    public func validationIssues(in dataset: WeddingDataset) -> [ValidationIssue] {
        var issues = [Check.required(name, "name", "an expense name"),
                      Check.amount(amount, "amount", "the amount"),
                      Check.exists(categoryID, BudgetCategory.self, in: dataset, "category"),
                      Check.exists(vendorID, Vendor.self, in: dataset, "vendor")].compactMap { $0 }
        for (index, installment) in installments.enumerated() {
            if let issue = Check.amount(installment.amount, "installments[\(index + 1)].amount", "an installment") {
                issues.append(issue)
            }
        }
        if !installments.isEmpty, installments.sum(\.amount) > amount {
            issues.append(ValidationIssue(field: "installments",
                                          message: "the installments add up to more than the expense amount"))
        }
        if Set(installments.map(\.id)).count != installments.count {
            issues.append(ValidationIssue(field: "installments", message: "two installments share an id"))
        }
        issues += allocationIssues(in: dataset)
        return issues
    }

    private func allocationIssues(in dataset: WeddingDataset) -> [ValidationIssue] {
        guard !allocations.isEmpty else { return [] }
        var issues: [ValidationIssue] = []
        for (index, allocation) in allocations.enumerated() {
            let field = "allocations[\(index + 1)]"
            if let issue = Check.exists(allocation.categoryID, BudgetCategory.self, in: dataset, field + ".category") {
                issues.append(issue)
            }
            if allocation.categoryID == categoryID {
                issues.append(ValidationIssue(field: field + ".category",
                                              message: "a share cannot be in the expense's own category"))
            }
            switch allocation.share {
            case .amount(let amount) where amount <= .zero:
                issues.append(ValidationIssue(field: field + ".amount", message: "a share's amount must be more than 0"))
            case .percent(let basisPoints) where !(1...10_000).contains(basisPoints):
                issues.append(ValidationIssue(field: field + ".percent", message: "a share must be between 0.01% and 100%"))
            default:
                break
            }
        }
        if Set(allocatedCategoryIDs).count != allocations.count {
            issues.append(ValidationIssue(field: "allocations", message: "two shares are in the same category"))
        }
        let basisPoints = allocations.reduce(0) { total, allocation in
            if case .percent(let points) = allocation.share { return total + points }
            return total
        }
        let fixed = allocations.reduce(Money.zero) { total, allocation in
            if case .amount(let amount) = allocation.share { return total + amount }
            return total
        }
        let percentPart = Money(minorUnits: (amount.minorUnits * Int64(basisPoints) + 5_000) / 10_000)
        if basisPoints > 10_000 {
            issues.append(ValidationIssue(field: "allocations", message: "the shares add up to more than 100%"))
        } else if fixed + percentPart > amount {
            issues.append(ValidationIssue(field: "allocations", message: "the shares add up to more than the expense amount"))
        }
        return issues
    }
}

extension Vendor {
    public func validationIssues(in dataset: WeddingDataset) -> [ValidationIssue] {
        [Check.required(name, "name", "a vendor name"), Check.email(email),
         Check.amount(quotedAmount, "quotedAmount", "the quoted amount"),
         Check.exists(budgetCategoryID, BudgetCategory.self, in: dataset, "budgetCategory"),
         Check.stars(rating, "rating")].compactMap { $0 }
    }
}

extension WeddingTask {
    public func validationIssues(in dataset: WeddingDataset) -> [ValidationIssue] {
        var issues = [Check.required(title, "title", "a task title"),
                      Check.exists(vendorID, Vendor.self, in: dataset, "vendor"),
                      Check.exists(budgetCategoryID, BudgetCategory.self, in: dataset, "budgetCategory")].compactMap { $0 }
        for (index, subtask) in subtasks.enumerated() {
            if let issue = Check.required(subtask.title, "subtasks[\(index + 1)].title", "a subtask title") {
                issues.append(issue)
            }
        }
        if Set(subtasks.map(\.id)).count != subtasks.count {
            issues.append(ValidationIssue(field: "subtasks", message: "two subtasks share an id"))
        }
        return issues
    }
}

extension Milestone {
    public func validationIssues(in dataset: WeddingDataset) -> [ValidationIssue] {
        [Check.required(title, "title", "a milestone title")].compactMap { $0 }
    }
}

extension RunSheetItem {
    public func validationIssues(in dataset: WeddingDataset) -> [ValidationIssue] {
        var issues = [Check.required(title, "title", "a run-sheet item's title"),
                      Check.exists(vendorID, Vendor.self, in: dataset, "vendor")].compactMap { $0 }
        if end == start {
            issues.append(ValidationIssue(field: "end", message: "the end (\(end)) equals the start (\(start))"))
        }
        if start.minutes >= 24 * 60 {
            issues.append(ValidationIssue(field: "start", message: "the start must be before 24:00"))
        }
        return issues
    }
}

extension Gift {
    public func validationIssues(in dataset: WeddingDataset) -> [ValidationIssue] {
        var issues = [Check.amount(value, "value", "a gift's value")].compactMap { $0 }
        if guestIDs.isEmpty, from.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            issues.append(ValidationIssue(field: "from", message: "say who the gift is from: guests or a name"))
        }
        issues += Check.guests(guestIDs, in: dataset, "guests")
        if thankYouSentOn != nil, !thankYouSent {
            issues.append(ValidationIssue(field: "thankYouSentOn", message: "a thank-you date needs the thank-you marked sent"))
        }
        return issues
    }
}

extension MoneyOwed {
    public func validationIssues(in dataset: WeddingDataset) -> [ValidationIssue] {
        var issues = [Check.required(person, "person", "who the money is from or owed to"),
                      Check.amount(amount, "amount", "the amount"),
                      Check.amount(settled, "settled", "the amount settled")].compactMap { $0 }
        if settled > amount {
            issues.append(ValidationIssue(field: "settled", message: "more is settled than the amount"))
        }
        return issues
    }
}

extension BudgetScenario {
    public func validationIssues(in dataset: WeddingDataset) -> [ValidationIssue] {
        var issues = [Check.required(name, "name", "a scenario name"),
                      Check.amount(totalBudget, "totalBudget", "the total budget")].compactMap { $0 }
        let folded = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if dataset.scenarios.contains(where: { $0.id != id && $0.name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == folded }) {
            issues.append(ValidationIssue(field: "name", message: "another scenario is called '\(name)'"))
        }
        for (index, line) in lines.enumerated() {
            if let issue = Check.required(line.name, "lines[\(index + 1)].name", "a category name") { issues.append(issue) }
            if let issue = Check.amount(line.allocated, "lines[\(index + 1)].allocated", "an amount") { issues.append(issue) }
        }
        if Set(lines.map { $0.name.lowercased() }).count != lines.count {
            issues.append(ValidationIssue(field: "lines", message: "two lines have the same category name"))
        }
        if Set(lines.map(\.id)).count != lines.count {
            issues.append(ValidationIssue(field: "lines", message: "two lines share an id"))
        }
        return issues
    }
}

extension SeatingTable {
    public func validationIssues(in dataset: WeddingDataset) -> [ValidationIssue] {
        var issues = [Check.atLeastOne(number, "number", "a table number"),
                      Check.atLeastOne(capacity, "capacity", "a table's capacity")].compactMap { $0 }
        if dataset.seatingTables.contains(where: { $0.id != id && $0.number == number }) {
            issues.append(ValidationIssue(field: "number", message: "there is already a table \(number)"))
        }
        return issues
    }
}

extension SeatingRule {
    public func validationIssues(in dataset: WeddingDataset) -> [ValidationIssue] {
        var issues = Check.guests(guestIDs, in: dataset, "guests")
        if Set(guestIDs).count < 2 {
            issues.insert(ValidationIssue(field: "guests", message: "a seating rule needs two or more different guests"), at: 0)
        }
        return issues
    }
}

extension Note {
    public func validationIssues(in dataset: WeddingDataset) -> [ValidationIssue] {
        var issues = [Check.required(text, "text", "a note's text"), Check.required(author, "author", "a note's author")]
            .compactMap { $0 }
        if subject.kind == .note {
            issues.append(ValidationIssue(field: "subject", message: "a note cannot be about another note"))
        } else if !subject.exists(in: dataset) {
            issues.append(ValidationIssue(field: "subject", message: "no \(subject.kind.noun) with id \(subject.id?.uuidString.lowercased() ?? "")"))
        }
        return issues
    }
}

extension Document {
    public func validationIssues(in dataset: WeddingDataset) -> [ValidationIssue] {
        var issues = [Check.required(title, "title", "a document's title"), Check.required(fileName, "fileName", "the file's name"),
                      Check.required(contentType, "contentType", "the file's type")].compactMap { $0 }
        if byteCount < 0 { issues.append(ValidationIssue(field: "byteCount", message: "a file's size cannot be negative")) }
        if sha256.count != 64 || !sha256.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) {
            issues.append(ValidationIssue(field: "sha256", message: "'\(sha256)' is not a SHA-256 in lower-case hex"))
        }
        if !Self.attachableKinds.contains(subject.kind) {
            issues.append(ValidationIssue(field: "subject", message: "a document is attached to a vendor, an expense or the wedding, not a \(subject.kind.noun)"))
        } else if !subject.exists(in: dataset) {
            issues.append(ValidationIssue(field: "subject", message: "no \(subject.kind.noun) with id \(subject.id?.uuidString.lowercased() ?? "")"))
        }
        return issues
    }
}

extension Invitation {
    public func validationIssues(in dataset: WeddingDataset) -> [ValidationIssue] {
        var issues = [Check.required(household, "household", "the household")].compactMap { $0 }
        if tokenHash.count != 64 || !tokenHash.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) {
            issues.append(ValidationIssue(field: "tokenHash", message: "the token's hash must be 64 lower-case hex digits"))
        }
        if generation < 1 {
            issues.append(ValidationIssue(field: "generation", message: "the generation must be 1 or more"))
        }
        return issues
    }
}
