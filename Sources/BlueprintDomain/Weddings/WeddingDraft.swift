import Foundation

/// A new wedding as a person types it (the arguments of `blueprint wedding create`, the
/// first-run form): text, read field by field into a `Wedding`, with every problem naming its
/// field (`name`, `partner1Name`, `partner2Name`, `date`, `rsvpDeadline`, `currency`, `budget`).
public struct WeddingDraft: Hashable, Sendable {
    public var name: String
    public var partner1Name: String
    public var partner2Name: String
    /// `yyyy-mm-dd`, or empty while the date is not set.
    public var date: String
    /// The RSVP deadline, `yyyy-mm-dd`, or empty while it is not set.
    public var rsvpDeadline: String
    /// A three-letter ISO-4217 code, such as `EUR`.
    public var currency: String
    /// The total budget in `currency` (`25000`, `$25,000.00`), or empty for none yet.
    public var budget: String

    public init(name: String, partner1Name: String = "", partner2Name: String = "", date: String = "",
                rsvpDeadline: String = "", currency: String, budget: String = "") {
        self.name = name
        self.partner1Name = partner1Name
        self.partner2Name = partner2Name
        self.date = date
        self.rsvpDeadline = rsvpDeadline
        self.currency = currency
        self.budget = budget
    }

    /// The wedding the draft describes, to be created in a data directory holding `existing`;
    /// throws `RepositoryError.invalid` with every problem found (nothing is created then).
    public func wedding(among existing: [Wedding], id: WeddingID = WeddingID(),
                        createdAt: Timestamp = Timestamp(Date())) throws(RepositoryError) -> Wedding {
        let (wedding, issues) = checked(among: existing, id: id, createdAt: createdAt)
        guard issues.isEmpty else { throw .invalid(.wedding, issues) }
        return wedding
    }

    /// A new wedding's data: the wedding the draft describes and, with a `checklist`, its tasks
    /// for the wedding's date (as of `today`). A checklist without a date is one more problem
    /// (field `checklist`), reported with the others; nothing is created then.
    public func dataset(among existing: [Wedding], checklist: ChecklistTemplate?, today: CalendarDate,
                        id: WeddingID = WeddingID(), createdAt: Timestamp = Timestamp(Date())) throws(RepositoryError) -> WeddingDataset {
        let (wedding, checkedIssues) = checked(among: existing, id: id, createdAt: createdAt)
        var issues = checkedIssues
        if checklist != nil, Self.trimmed(date).isEmpty {
            issues.append(ValidationIssue(field: "checklist",
                                          message: "needs a date: its tasks are due at set times before the wedding day"))
        }
        guard issues.isEmpty else { throw .invalid(.wedding, issues) }
        let tasks = checklist.map { $0.tasks(forWeddingOn: wedding.weddingDate!, today: today, createdAt: createdAt) } ?? []
        return WeddingDataset(wedding: wedding, tasks: tasks)
    }

    /// The wedding the draft describes, and every problem with it.
    private func checked(among existing: [Wedding], id: WeddingID, createdAt: Timestamp) -> (Wedding, [ValidationIssue]) {
        var issues = WeddingNaming.issues(for: name, among: existing)
        let weddingDate = Self.date(date, field: "date", issues: &issues)
        let deadline = Self.date(rsvpDeadline, field: "rsvpDeadline", issues: &issues)
        let code = Self.trimmed(currency)
        let parsedCurrency = Currency(isoCode: code)
        if let problem = Currency.problem(with: code) {
            issues.append(ValidationIssue(field: "currency", message: problem))
        }
        var totalBudget = Money.zero
        if let parsedCurrency, !Self.trimmed(budget).isEmpty {
            do {
                totalBudget = try parsedCurrency.parse(budget)
            } catch {
                issues.append(ValidationIssue(field: "budget", message: error.description))
            }
        }
        let wedding = Wedding(id: id, name: WeddingNaming.normalized(name), partner1Name: Self.trimmed(partner1Name),
                              partner2Name: Self.trimmed(partner2Name), weddingDate: weddingDate,
                              currency: parsedCurrency ?? .usd, totalBudget: totalBudget, rsvpDeadline: deadline,
                              createdAt: createdAt)
        // The record's own rules (a negative budget, say), in the draft's field names; the
        // name's emptiness is already reported above.
        issues += wedding.validationIssues(in: WeddingDataset(wedding: wedding))
            .filter { $0.field != "name" }
            .map { $0.field == "totalBudget" ? ValidationIssue(field: "budget", message: $0.message) : $0 }
        return (wedding, issues)
    }

    /// What to warn about, without refusing: a wedding date or RSVP deadline already past on `today`.
    public func warnings(today: CalendarDate) -> [ValidationIssue] {
        var ignored: [ValidationIssue] = []
        return WeddingDates.pastWarnings(date: Self.date(date, field: "date", issues: &ignored),
                                         rsvpDeadline: Self.date(rsvpDeadline, field: "rsvpDeadline", issues: &ignored),
                                         today: today)
    }

    /// The date typed in `text` (`nil` when empty), noting a problem under `field` when it is not one.
    static func date(_ text: String, field: String, issues: inout [ValidationIssue]) -> CalendarDate? {
        let typed = trimmed(text)
        guard !typed.isEmpty else { return nil }
        guard let date = CalendarDate(iso: typed) else {
            issues.append(ValidationIssue(field: field, message: "'\(typed)' is not a date (yyyy-mm-dd)"))
            return nil
        }
        return date
    }

    static func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespaces) }
}
