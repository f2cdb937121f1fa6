import BlueprintDomain
/// Values to draw at random, each as likely as its weight: `[.attending: 60, .declined: 12]`.
/// Built once and kept, so drawing does not rebuild the table.
struct WeightedChoices<Value: Sendable>: Sendable, ExpressibleByDictionaryLiteral {
    let values: [Value]
    /// Running totals of the weights, in the order of `values`.
    let cumulativeWeights: [Int]
    var totalWeight: Int { cumulativeWeights.last ?? 0 }

    init(_ choices: [(Value, weight: Int)]) {
        precondition(choices.contains { $0.weight > 0 } && choices.allSatisfy { $0.weight >= 0 },
                     "weighted choices need a positive weight and no negative one")
        values = choices.map(\.0)
        var total = 0
        cumulativeWeights = choices.map { total += $0.weight; return total }
    }

    init(dictionaryLiteral elements: (Value, Int)...) {
        self.init(elements.map { ($0.0, weight: $0.1) })
    }
}
