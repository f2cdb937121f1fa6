import BlueprintDomain
/// Amounts for the demo, which is priced in US dollars.
enum DemoMoney {
    static func dollars(_ dollars: Int) -> Money { Money(minorUnits: Int64(dollars) * 100) }

    /// `percent` percent of `amount`, rounded down to the cent.
    static func percent(_ percent: Int, of amount: Money) -> Money {
        Money(minorUnits: amount.minorUnits * Int64(percent) / 100)
    }

    /// `percent` percent of `amount`, varied by up to `jitter` percent either way so that each
    /// seed prices things a little differently, then rounded to a whole multiple of `step`
    /// dollars (at least one), or, with `step` nil, kept to the cent with some cents added.
    static func share(of amount: Money, percent: Int, jitter: Int = 4, step: Int?, random: inout SeededRandom) -> Money {
        let varied = Int64(percent * (100 + random.int(in: -jitter...jitter)))
        let minorUnits = amount.minorUnits * varied / 10_000
        guard let step else { return Money(minorUnits: minorUnits / 100 * 100 + Int64(random.int(in: 1...99))) }
        let unit = Int64(step) * 100
        return Money(minorUnits: max(unit, (minorUnits + unit / 2) / unit * unit))
    }
}
