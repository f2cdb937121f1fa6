/// How long before the wedding a checklist task falls due: a whole number of days, weeks or
/// calendar months, written `12 months`, `6 weeks`, `1 week`, `3 days`. `0 days` is the
/// wedding day itself.
public struct ChecklistLeadTime: Hashable, Sendable, CustomStringConvertible {
    public enum Unit: String, Sendable, CaseIterable {
        case days, weeks, months

        /// The largest amount of the unit a lead time may have: ten years' worth.
        public var maximum: Int {
            switch self {
            case .days: return 3_650
            case .weeks: return 520
            case .months: return 120
            }
        }

        /// The unit's name for an amount of one: `day`, `week`, `month`.
        public var singular: String { String(rawValue.dropLast()) }
    }

    public let amount: Int
    public let unit: Unit

    /// A lead time of `amount` units, or `nil` when `amount` is negative or more than `unit.maximum`.
    public init?(_ amount: Int, _ unit: Unit) {
        guard (0...unit.maximum).contains(amount) else { return nil }
        self.amount = amount
        self.unit = unit
    }

    /// The date this long before a wedding on `weddingDate`.
    ///
    /// Months are calendar months counted back from the wedding's day of the month; when the
    /// month reached is shorter, the date is that month's last day (3 months before 31 May is
    /// 28 February, or 29 in a leap year). Weeks are 7 days.
    public func dueDate(forWeddingOn weddingDate: CalendarDate) -> CalendarDate {
        switch unit {
        case .days: return weddingDate.adding(days: -amount)
        case .weeks: return weddingDate.adding(days: -7 * amount)
        case .months: return weddingDate.adding(months: -amount)
        }
    }

    /// As a template writes it: `12 months`, `1 week`, `0 days`.
    public var description: String { "\(amount) \(amount == 1 ? unit.singular : unit.rawValue)" }
}
