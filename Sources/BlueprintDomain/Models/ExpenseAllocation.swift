import Foundation

/// How big a share of an expense is.
public enum AllocationShare: Hashable, Sendable {
    /// A fixed amount.
    case amount(Money)
    /// A part of the expense in basis points: 2500 is 25%.
    case percent(basisPoints: Int)
}

/// A share of an expense counted in another category than its own: the expense's own category
/// counts what the shares leave.
public struct ExpenseAllocation: Hashable, Sendable, Codable {
    public var categoryID: UUID
    public var share: AllocationShare

    public init(categoryID: UUID, share: AllocationShare) {
        self.categoryID = categoryID
        self.share = share
    }

    // Stored as `{"categoryID": …, "amount": 12000}` or `{"categoryID": …, "basisPoints": 2500}`.
    private enum CodingKeys: String, CodingKey { case categoryID, amount, basisPoints }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        categoryID = try container.decode(UUID.self, forKey: .categoryID)
        if let amount = try container.decodeIfPresent(Money.self, forKey: .amount) {
            share = .amount(amount)
        } else if let basisPoints = try container.decodeIfPresent(Int.self, forKey: .basisPoints) {
            share = .percent(basisPoints: basisPoints)
        } else {
            throw DecodingError.dataCorruptedError(forKey: .amount, in: container,
                                                   debugDescription: "an allocation needs an amount or basisPoints")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(categoryID, forKey: .categoryID)
        switch share {
        case .amount(let amount): try container.encode(amount, forKey: .amount)
        case .percent(let basisPoints): try container.encode(basisPoints, forKey: .basisPoints)
        }
    }
}

/// One category's part of an expense.
public struct CategoryShare: Hashable, Sendable {
    public var categoryID: UUID
    public var amount: Money

    public init(categoryID: UUID, amount: Money) {
        self.categoryID = categoryID
        self.amount = amount
    }
}

extension Expense {
    /// The categories the expense's shares are counted in.
    public var allocatedCategoryIDs: [UUID] { allocations.map(\.categoryID) }

    /// `total` (the amount, or what is committed or paid of it) split into the expense's
    /// categories, its own first: every minor unit counted exactly once.
    ///
    /// Fixed shares are taken as they are (at most what is left). The percent shares together
    /// take their summed percentage of `total`, rounded half up, split between them by largest
    /// remainder (ties to the earlier share). The expense's own category counts what is left.
    public func shares(of total: Money) -> [CategoryShare] {
        guard !allocations.isEmpty else { return [CategoryShare(categoryID: categoryID, amount: total)] }
        var amounts = [Int64](repeating: 0, count: allocations.count)
        let percents = allocations.indices.compactMap { index -> (index: Int, basisPoints: Int64)? in
            guard case .percent(let basisPoints) = allocations[index].share else { return nil }
            return (index, Int64(basisPoints))
        }
        let whole = total.minorUnits
        let percentTotal = (whole * percents.reduce(0) { $0 + $1.basisPoints } + 5_000) / 10_000
        var handedOut: Int64 = 0
        var remainders: [(index: Int, remainder: Int64)] = []
        for (index, basisPoints) in percents {
            let exact = whole * basisPoints
            amounts[index] = exact / 10_000
            handedOut += amounts[index]
            remainders.append((index, exact % 10_000))
        }
        let leftover = percentTotal - handedOut
        let byRemainder = remainders.enumerated().sorted {
            ($0.element.remainder, -$0.offset) > ($1.element.remainder, -$1.offset)
        }
        for entry in byRemainder.prefix(Int(max(0, leftover))) { amounts[entry.element.index] += 1 }
        var left = whole - amounts.reduce(0, +)
        for index in allocations.indices {
            guard case .amount(let fixed) = allocations[index].share else { continue }
            amounts[index] = min(fixed.minorUnits, max(0, left))
            left -= amounts[index]
        }
        return [CategoryShare(categoryID: categoryID, amount: Money(minorUnits: left))]
            + allocations.indices.map { CategoryShare(categoryID: allocations[$0].categoryID, amount: Money(minorUnits: amounts[$0])) }
    }

    /// The part of `total` counted in `category` (zero if the expense has no share there).
    public func share(of total: Money, in category: UUID) -> Money {
        shares(of: total).reduce(.zero) { $1.categoryID == category ? $0 + $1.amount : $0 }
    }
}
