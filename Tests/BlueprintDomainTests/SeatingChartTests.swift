import BlueprintDomain
import Foundation
import Testing

@Suite("SeatingChart")
struct SeatingChartTests {
    static let guests = [
        Guest(firstName: "Zoe", lastName: "Adams", rsvp: .attending, table: 3, createdAt: createdTime),
        Guest(firstName: "Yan", lastName: "Young", rsvp: .attending, plusOneAllowed: true, plusOneAttending: true,
              table: 3, seat: 2, createdAt: createdTime),
        Guest(firstName: "Xia", lastName: "Zed", rsvp: .attending, table: 3, seat: 1, createdAt: createdTime),
        Guest(firstName: "Bea", lastName: "Adams", rsvp: .maybe, table: 3, createdAt: createdTime),
        Guest(firstName: "Dee", lastName: "Declined", rsvp: .declined, table: 1, seat: 1, createdAt: createdTime),
        Guest(firstName: "Ola", lastName: "One", rsvp: .attending, table: 1, seat: 4, createdAt: createdTime),
        Guest(firstName: "Nia", lastName: "Nobody", rsvp: .invited, createdAt: createdTime),
        Guest(firstName: "Max", lastName: "Maybe", rsvp: .attending, createdAt: createdTime),
        Guest(firstName: "Dot", lastName: "Declined", rsvp: .declined, createdAt: createdTime),
    ]

    @Test("tables in number order, guests by seat then last and first name, declined left out")
    func ordering() {
        let chart = SeatingChart(guests: Self.guests)
        #expect(chart.tables.map(\.number) == [1, 3])
        #expect(chart.tables[0].guests.map(\.firstName) == ["Ola"])
        #expect(chart.tables[1].guests.map(\.firstName) == ["Xia", "Yan", "Bea", "Zoe"])
    }

    @Test("seats used count attending guests and their attending plus-ones")
    func seatsUsed() {
        let chart = SeatingChart(guests: Self.guests)
        #expect(chart.tables.map(\.seatsUsed) == [1, 4])
    }

    @Test("unassigned holds guests without a table who have not declined, ordered by name")
    func unassigned() {
        #expect(SeatingChart(guests: Self.guests).unassigned.map(\.firstName) == ["Max", "Nia"])
    }

    @Test("a table whose only guests declined does not appear")
    func declinedOnlyTable() {
        let chart = SeatingChart(guests: [Guest(firstName: "Dee", lastName: "", rsvp: .declined, table: 9, createdAt: createdTime)])
        #expect(chart.tables.isEmpty && chart.unassigned.isEmpty)
    }
}
