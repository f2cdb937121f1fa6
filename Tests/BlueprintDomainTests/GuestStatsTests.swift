import BlueprintDomain
import Foundation
import Testing

@Suite("GuestStats")
struct GuestStatsTests {
    static let guests = [
        Guest(firstName: "Ana", lastName: "A", rsvp: .attending, plusOneAllowed: true, plusOneAttending: true,
              plusOneMealChoice: "Beef", mealChoice: "Fish", table: 1, createdAt: createdTime),
        // A plus-one marked attending without being allowed does not count.
        Guest(firstName: "Ben", lastName: "B", rsvp: .attending, plusOneAllowed: false, plusOneAttending: true,
              mealChoice: "Beef", table: 1, createdAt: createdTime),
        Guest(firstName: "Cara", lastName: "C", rsvp: .attending, plusOneAllowed: true, plusOneAttending: false,
              table: 2, createdAt: createdTime),
        Guest(firstName: "Dan", lastName: "D", rsvp: .attending, mealChoice: "Fish", createdAt: createdTime),
        Guest(firstName: "Eve", lastName: "E", rsvp: .declined, plusOneAllowed: true, plusOneAttending: true,
              mealChoice: "Fish", table: 2, createdAt: createdTime),
        Guest(firstName: "Fay", lastName: "F", rsvp: .invited, createdAt: createdTime),
        Guest(firstName: "Gus", lastName: "G", rsvp: .pending, plusOneAllowed: true, plusOneAttending: true,
              createdAt: createdTime),
        Guest(firstName: "Hal", lastName: "H", rsvp: .maybe, mealChoice: "Beef", table: 2, createdAt: createdTime),
    ]

    @Test("counts guests on the list, answers and people coming")
    func counts() {
        let stats = GuestStats(guests: Self.guests)
        #expect(stats.invited == 8)
        #expect(stats.attending == 4)
        #expect(stats.attendingHeadcount == 5)
        #expect(stats.declined == 1)
        #expect(stats.pending == 3)
        #expect(stats.responseRate == 5.0 / 8.0)
    }

    @Test("counts meals of attending guests and their plus-ones coming, with no choice as empty")
    func meals() {
        #expect(GuestStats(guests: Self.guests).mealCounts == ["Fish": 2, "Beef": 2, "": 1])
    }

    @Test("meal counts add up to the headcount: a plus-one coming has a meal, chosen or not")
    func mealsAddUpToTheHeadcount() {
        let unchosen = Guest(firstName: "Ivy", lastName: "I", rsvp: .attending, plusOneAllowed: true, plusOneAttending: true,
                             mealChoice: "Fish", createdAt: createdTime)
        let notComing = Guest(firstName: "Jo", lastName: "J", rsvp: .attending, plusOneAllowed: true, plusOneAttending: false,
                              plusOneMealChoice: "Vegan", mealChoice: "Fish", createdAt: createdTime)
        var stats = GuestStats(guests: Self.guests + [unchosen, notComing])
        #expect(stats.mealCounts == ["Fish": 4, "Beef": 2, "": 2])
        #expect(stats.mealCounts.values.reduce(0, +) == stats.attendingHeadcount)
        var chosen = unchosen
        chosen.plusOneMealChoice = "Vegan"
        stats.replace(unchosen, with: chosen)
        #expect(stats.mealCounts == ["Fish": 4, "Beef": 2, "Vegan": 1, "": 1])
        #expect(stats == GuestStats(guests: Self.guests + [chosen, notComing]))
    }

    @Test("counts seats taken per table, plus-ones included")
    func perTable() {
        #expect(GuestStats(guests: Self.guests).seatsPerTable == [1: 3, 2: 1])
    }

    @Test("a plus-one counts only when allowed and attending, and the guest is attending")
    func plusOnes() {
        func headcount(_ rsvp: RSVPStatus, allowed: Bool, attending: Bool) -> Int {
            GuestStats(guests: [Guest(firstName: "X", lastName: "", rsvp: rsvp, plusOneAllowed: allowed,
                                      plusOneAttending: attending, createdAt: createdTime)]).attendingHeadcount
        }
        #expect(headcount(.attending, allowed: true, attending: true) == 2)
        #expect(headcount(.attending, allowed: true, attending: false) == 1)
        #expect(headcount(.attending, allowed: false, attending: true) == 1)
        for rsvp in [RSVPStatus.invited, .pending, .maybe, .declined] {
            #expect(headcount(rsvp, allowed: true, attending: true) == 0)
        }
    }

    @Test("an empty guest list has nothing, not a division by zero")
    func empty() {
        let stats = GuestStats(guests: [Guest]())
        #expect(stats.invited == 0 && stats.attendingHeadcount == 0 && stats.pending == 0)
        #expect(stats.responseRate == 0)
        #expect(stats.mealCounts.isEmpty && stats.seatsPerTable.isEmpty)
    }

    @Test("everyone answering is a response rate of 1")
    func fullResponse() {
        let answered = [Guest(firstName: "A", lastName: "", rsvp: .attending, createdAt: createdTime),
                        Guest(firstName: "B", lastName: "", rsvp: .declined, createdAt: createdTime)]
        #expect(GuestStats(guests: answered).responseRate == 1)
    }
}
