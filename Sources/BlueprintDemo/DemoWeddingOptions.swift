import BlueprintDomain
import Foundation

/// What the demo wedding should hold. The same options always give the same wedding, ids included.
public struct DemoWeddingOptions: Sendable, Hashable {
    /// The wedding's display name; `nil` names it after the couple ("Amara & Tomás").
    public var name: String?
    public var guests: Int
    public var vendors: Int
    public var tasks: Int
    public var expenses: Int
    /// Picks the couple, every name, amount and date, and the ids.
    public var seed: UInt64
    /// The day the demo is made for: due dates, payments and replies are placed around it.
    /// Callers pass it (the generator never reads the clock), so a demo can be made again.
    public var today: CalendarDate

    public init(today: CalendarDate, name: String? = nil, guests: Int = 180, vendors: Int = 14, tasks: Int = 40,
                expenses: Int = 30, seed: UInt64 = 2026) {
        self.today = today
        self.name = name
        self.guests = guests
        self.vendors = vendors
        self.tasks = tasks
        self.expenses = expenses
        self.seed = seed
    }

    /// The most records of one kind a demo holds.
    public static let maximumCount = 1_000_000
    /// The years `today` may fall in (the wedding and its payments fall after it).
    public static let supportedYears = 1900...9000

    /// What is wrong with these options; empty when `DemoWeddingGenerator.make` accepts them.
    public var validationIssues: [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if let name, name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            issues.append(ValidationIssue(field: "name", message: "a wedding name cannot be blank"))
        }
        for (field, noun, count) in [("guests", "guest", guests), ("vendors", "vendor", vendors),
                                     ("tasks", "task", tasks), ("expenses", "expense", expenses)] {
            if count < 0 {
                issues.append(ValidationIssue(field: field, message: "the \(noun) count cannot be negative (got \(count))"))
            } else if count > Self.maximumCount {
                let message = "the \(noun) count must be at most \(Self.maximumCount) (got \(count))"
                issues.append(ValidationIssue(field: field, message: message))
            }
        }
        if !Self.supportedYears.contains(today.year) {
            issues.append(ValidationIssue(field: "today", message: "\(today) is outside the years "
                                          + "\(Self.supportedYears.lowerBound)–\(Self.supportedYears.upperBound)"))
        }
        return issues
    }
}

/// Options `DemoWeddingGenerator.make` refuses, with every problem named.
public struct DemoWeddingOptionsError: Error, Hashable, Sendable, CustomStringConvertible {
    public let issues: [ValidationIssue]

    public var description: String {
        "invalid demo options: " + issues.map(\.description).joined(separator: "; ")
    }
}
