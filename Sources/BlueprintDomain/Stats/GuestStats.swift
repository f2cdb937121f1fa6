import Foundation

/// The guest list in numbers. One definition of each figure, used by every screen and command.
public struct GuestStats: Hashable, Sendable, Codable {
    /// Guests on the list (plus-ones are not separate guests).
    public var invited: Int
    /// People coming: attending guests plus their attending plus-ones.
    public var attendingHeadcount: Int
    /// Guests (not plus-ones) who said yes.
    public var attending: Int
    public var declined: Int
    /// Guests still to answer: invited, pending or maybe.
    public var pending: Int
    /// Share of guests who answered yes or no, 0...1 (0 with no guests).
    public var responseRate: Double
    /// People coming per meal choice, plus-ones included (so the counts add up to the
    /// headcount); "" counts those with no choice yet.
    public var mealCounts: [String: Int]
    /// Seats taken per table number: attending guests and their plus-ones.
    public var seatsPerTable: [Int: Int]

    public init(guests: some Collection<Guest>) { self.init(counting: guests) }

    /// The same for an array, compiled for it: a caller in another module otherwise runs the
    /// generic code, which copies every guest (retaining each of its strings) to read it.
    public init(guests: [Guest]) { self.init(counting: guests) }

    /// Takes `old` out of the figures and counts `new` in (either may be `nil`: a guest added or
    /// removed), in O(1): the figures then equal those counted from the changed list.
    public mutating func replace(_ old: Guest?, with new: Guest?) {
        if let old { count(old, by: -1) }
        if let new { count(new, by: 1) }
        responseRate = invited == 0 ? 0 : Double(attending + declined) / Double(invited)
    }

    private mutating func count(_ guest: Guest, by step: Int) {
        invited += step
        switch guest.rsvp {
        case .attending:
            attending += step
            attendingHeadcount += step * guest.headcount
            Self.add(step, to: guest.mealChoice, in: &mealCounts)
            if guest.bringsPlusOne { Self.add(step, to: guest.plusOneMealChoice, in: &mealCounts) }
            if let table = guest.table { Self.add(step * guest.headcount, to: table, in: &seatsPerTable) }
        case .declined: declined += step
        case .invited, .pending, .maybe: pending += step
        }
    }

    /// Adds `amount` to `key`'s count, leaving no key at zero (as counting from scratch leaves none).
    private static func add<Key: Hashable>(_ amount: Int, to key: Key, in counts: inout [Key: Int]) {
        let total = counts[key, default: 0] + amount
        counts[key] = total == 0 ? nil : total
    }

    @inline(__always)
    private init(counting guests: some Collection<Guest>) {
        invited = guests.count
        var attendingHeadcount = 0, attending = 0, declined = 0, pending = 0
        var meals: [String: Int] = [:], tables: [Int: Int] = [:]
        for guest in guests {
            switch guest.rsvp {
            case .attending:
                attending += 1
                attendingHeadcount += guest.headcount
                meals[guest.mealChoice, default: 0] += 1
                if guest.bringsPlusOne { meals[guest.plusOneMealChoice, default: 0] += 1 }
                if let table = guest.table { tables[table, default: 0] += guest.headcount }
            case .declined: declined += 1
            case .invited, .pending, .maybe: pending += 1
            }
        }
        self.attendingHeadcount = attendingHeadcount
        self.attending = attending
        self.declined = declined
        self.pending = pending
        self.responseRate = guests.isEmpty ? 0 : Double(attending + declined) / Double(guests.count)
        self.mealCounts = meals
        self.seatsPerTable = tables
    }
}
