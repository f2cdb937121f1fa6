/// The gifts and the money owed in numbers: how many gifts, the thank-yous still to write, what
/// the money gifts came to, and what is still owed each way. Amounts are in the wedding's currency.
///
/// Built up one record at a time (`add`, `remove`), so a store patches it as records change
/// instead of counting everything again.
public struct GiftSummary: Hashable, Sendable {
    /// Gifts recorded.
    public private(set) var gifts = 0
    /// Gifts whose thank-you is not sent yet (`Gift.needsThankYou`).
    public private(set) var thankYousToWrite = 0
    /// The value of the money gifts (a money gift without a value adds nothing).
    public private(set) var moneyGifts = Money.zero
    /// What is still to come to the couple (`MoneyOwed.outstanding` of those owed to them).
    public private(set) var owedToCouple = Money.zero
    /// What the couple still has to pay (`MoneyOwed.outstanding` of those they owe).
    public private(set) var owedByCouple = Money.zero

    public init(gifts: some Sequence<Gift> = [Gift](), owed: some Sequence<MoneyOwed> = [MoneyOwed]()) {
        for gift in gifts { add(gift) }
        for entry in owed { add(entry) }
    }

    public mutating func add(_ gift: Gift) { count(gift, as: 1) }
    public mutating func remove(_ gift: Gift) { count(gift, as: -1) }
    public mutating func add(_ entry: MoneyOwed) { count(entry, as: 1) }
    public mutating func remove(_ entry: MoneyOwed) { count(entry, as: -1) }

    private mutating func count(_ gift: Gift, as sign: Int) {
        gifts += sign
        if gift.needsThankYou { thankYousToWrite += sign }
        if gift.giftKind == .money, let value = gift.value { moneyGifts = moneyGifts + Money(minorUnits: Int64(sign) * value.minorUnits) }
    }

    private mutating func count(_ entry: MoneyOwed, as sign: Int) {
        let outstanding = Money(minorUnits: Int64(sign) * entry.outstanding.minorUnits)
        switch entry.direction {
        case .toCouple: owedToCouple = owedToCouple + outstanding
        case .byCouple: owedByCouple = owedByCouple + outstanding
        }
    }
}
