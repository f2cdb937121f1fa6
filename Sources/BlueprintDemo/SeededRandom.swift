import BlueprintDomain
import Foundation

/// A seeded SplitMix64 generator (Steele, Lea & Flood, 2014), so one seed always gives one demo
/// (and one randomized test run).
///
/// Hand-written because the standard library has no seedable generator (its only one,
/// `SystemRandomNumberGenerator`, cannot be seeded) and no listed package provides one. The
/// helpers below are hand-written too: `Int.random(in:using:)` and `randomElement(using:)` do
/// not promise to draw the same numbers on every toolchain, and the demo must not change when
/// Swift does.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// An independent stream for one part of the demo, so that asking for more guests does not
    /// change the vendors (the seed is mixed first: nearby seeds must not give shifted streams).
    init(seed: UInt64, stream: UInt64) {
        var mixer = SeededRandom(seed: seed ^ (stream &* 0xD1B5_4A32_D192_ED03))
        state = mixer.next()
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0), by Lemire's multiply-shift.
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "below(_:) needs a positive bound")
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A number in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// True `percent` times in a hundred.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// One of `items` (which must not be empty).
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// One of `choices`, each as likely as its weight.
    mutating func pick<T>(_ choices: WeightedChoices<T>) -> T {
        let roll = below(choices.totalWeight)
        var index = 0
        while choices.cumulativeWeights[index] <= roll { index += 1 }
        return choices.values[index]
    }

    /// A version-4 UUID drawn from this stream.
    public mutating func uuid() -> UUID {
        let high = next(), low = next()
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (56 - 8 * index))
        }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
