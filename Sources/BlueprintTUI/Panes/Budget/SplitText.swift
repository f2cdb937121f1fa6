import BlueprintDomain

/// An expense's split as typed in its form: `Flowers 30%, Ceremony 120.00`, a category name
/// (matched case-insensitively) and a share, by percent or amount, per part. Parts are separated
/// by `;` or by a comma that is not a digit group's (`Ceremony 1,200.00` is one part).
enum SplitText {
    /// The allocations as the field shows them, in the form `parse` reads.
    static func text(_ allocations: [ExpenseAllocation], categories: [BudgetCategory], currency: Currency) -> String {
        allocations.map { allocation in
            let name = categories.first { $0.id == allocation.categoryID }?.name ?? "?"
            switch allocation.share {
            case .amount(let amount): return "\(name) \(currency.plain(amount))"
            case .percent(let basisPoints): return "\(name) \(percent(basisPoints))%"
            }
        }.joined(separator: ", ")
    }

    /// The allocations `text` names, or what is wrong with it (the unknown category, the bad amount).
    static func parse(_ text: String, categories: [BudgetCategory], currency: Currency) -> Result<[ExpenseAllocation], SplitError> {
        var allocations: [ExpenseAllocation] = []
        for part in parts(of: text) {
            guard let space = part.lastIndex(where: \.isWhitespace) else { return .failure(SplitError("'\(part)' needs a category and a share, e.g. Flowers 30%")) }
            let name = part[..<space].trimmingCharacters(in: .whitespaces), share = String(part[part.index(after: space)...])
            guard let category = categories.first(where: { ScenarioLine.folded($0.name) == ScenarioLine.folded(name) }) else {
                return .failure(SplitError("no category is called '\(name)'"))
            }
            if share.hasSuffix("%") {
                guard let basisPoints = basisPoints(String(share.dropLast())) else {
                    return .failure(SplitError("'\(share)' is not a percent (e.g. 30% or 12.5%)"))
                }
                allocations.append(ExpenseAllocation(categoryID: category.id, share: .percent(basisPoints: basisPoints)))
            } else {
                do {
                    allocations.append(ExpenseAllocation(categoryID: category.id, share: .amount(try currency.parse(share))))
                } catch {
                    return .failure(SplitError("\(category.name): \(error.description)"))
                }
            }
        }
        return .success(allocations)
    }

    /// What is wrong with a typed split.
    struct SplitError: Error, Equatable {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// The non-empty parts of `text`, trimmed.
    private static func parts(of text: String) -> [String] {
        var parts: [String] = [], current = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            let isGroupComma = character == "," && index > 0 && index + 1 < characters.count
                && characters[index - 1].isNumber && characters[index + 1].isNumber
            if character == ";" || (character == "," && !isGroupComma) {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// `12.5` as 1250 basis points; at most two decimals.
    private static func basisPoints(_ text: String) -> Int? {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count), !pieces[0].isEmpty, pieces.count == 1 || (1...2).contains(pieces[1].count),
              pieces.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }), pieces[0].count <= 6 else { return nil }
        let fraction = pieces.count == 2 ? String(pieces[1]) : ""
        return Int(pieces[0])! * 100 + Int(fraction.padding(toLength: 2, withPad: "0", startingAt: 0))!
    }

    /// 1250 basis points as `12.5`.
    static func percent(_ basisPoints: Int) -> String {
        let whole = basisPoints / 100, fraction = basisPoints % 100
        if fraction == 0 { return "\(whole)" }
        return fraction % 10 == 0 ? "\(whole).\(fraction / 10)" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
