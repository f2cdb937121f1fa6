/// An amount of money in integer minor units (cents for USD, yen for JPY). Never a `Double`.
///
/// The currency is the wedding's; `Currency` formats and parses amounts for it.
public struct Money: Hashable, Comparable, Sendable, Codable, AdditiveArithmetic, CustomStringConvertible {
    public var minorUnits: Int64

    public init(minorUnits: Int64) { self.minorUnits = minorUnits }

    public static let zero = Money(minorUnits: 0)

    public static func + (lhs: Money, rhs: Money) -> Money { Money(minorUnits: lhs.minorUnits + rhs.minorUnits) }
    public static func - (lhs: Money, rhs: Money) -> Money { Money(minorUnits: lhs.minorUnits - rhs.minorUnits) }
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
