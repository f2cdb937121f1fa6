/// An amount of money in integer minor units (cents for USD, yen for JPY). Never a `Double`.
///
/// The currency is the wedding's; `Currency` formats and parses amounts for it.
public struct Money: Hashable, Comparable, Sendable, Codable, AdditiveArithmetic, CustomStringConvertible {
    public var minorUnits: Int64

    public init(minorUnits: Int64) { self.minorUnits = minorUnits }

    public static let zero = Money(minorUnits: 0)

    /// The largest amount anyone can enter, 10^12 minor units (ten billion dollars, a trillion
    /// yen): far beyond any wedding, yet nine million such amounts still add up within `Int64`.
    public static let limit = Money(minorUnits: 1_000_000_000_000)
    /// Why an amount beyond `limit` is refused, after "the amount is".
    public static let beyondLimit = "more than the largest amount allowed (1,000,000,000,000 cents or other minor units)"

    /// Within `limit` either way.
    public var isWithinLimit: Bool { minorUnits.magnitude <= Self.limit.minorUnits.magnitude }

    /// Sums and differences stop at `Int64`'s bounds instead of trapping, so a file holding
    /// amounts beyond `limit` (written by another program) still opens; validation names them.
    public static func + (lhs: Money, rhs: Money) -> Money {
        let (sum, overflow) = lhs.minorUnits.addingReportingOverflow(rhs.minorUnits)
        return Money(minorUnits: overflow ? (rhs.minorUnits > 0 ? .max : .min) : sum)
    }

    public static func - (lhs: Money, rhs: Money) -> Money {
        let (difference, overflow) = lhs.minorUnits.subtractingReportingOverflow(rhs.minorUnits)
        return Money(minorUnits: overflow ? (rhs.minorUnits < 0 ? .max : .min) : difference)
    }
    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.minorUnits < rhs.minorUnits }

    /// Minor units as plain text, for logs and debugging; user-facing text goes through `Currency.format`.
    public var description: String { String(minorUnits) }

    public init(from decoder: Decoder) throws {
        minorUnits = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(minorUnits)
    }
}

extension Sequence {
    /// The sum of the amounts `amount` picks out.
    public func sum(_ amount: (Element) -> Money) -> Money { reduce(.zero) { $0 + amount($1) } }
}
