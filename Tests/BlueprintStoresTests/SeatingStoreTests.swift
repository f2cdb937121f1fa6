import BlueprintDomain
@testable import BlueprintStores
import Foundation
import Testing

@MainActor
@Suite("The seating store", .timeLimit(.minutes(3)))
struct SeatingStoreTests {
    static let head = Sample.uuid(201), garden = Sample.uuid(202), eli = Sample.uuid(203), fay = Sample.uuid(204),
               apart = Sample.uuid(205)

    /// The sample wedding with two tables, Ana (attending, table 2) over the head table's one
    /// seat with Eli, the Browns (Ben and Dev, Dev at table 1 seat 4), Fay and Eli unseated, and a
    /// rule keeping Fay apart from Ana.
    static func dataset() -> WeddingDataset {
        var data = Sample.dataset()
        data.guests.upsert(Guest(id: eli, firstName: "Eli", lastName: "Eng", household: "Eng", rsvp: .attending,
                                 table: 2, createdAt: Sample.start))
        data.guests.upsert(Guest(id: fay, firstName: "Fay", lastName: "Fox", household: "Fox", rsvp: .attending,
                                 plusOneAllowed: true, plusOneAttending: true, createdAt: Sample.start))
        var dev = data.guests[Sample.dev]!
        dev.table = 1
        dev.seat = 4
        data.guests.upsert(dev)
        data.seatingTables = RecordTable([SeatingTable(id: head, number: 2, name: "Head", capacity: 1, createdAt: Sample.start),
                                          SeatingTable(id: garden, number: 3, name: "Garden", capacity: 4, createdAt: Sample.start)])
        data.seatingRules = RecordTable([SeatingRule(id: apart, ruleKind: .apart, guestIDs: [Sample.ana, fay], createdAt: Sample.start)])
        return data
    }

    @Test func theChartHasEveryGuestAtTheTablesWithTheirCapacityAndTheRulesBroken() async throws {
        let harness = Harness([Self.dataset()])
        let session = await harness.openSession()
        let chart = session.seating.chart
        #expect(chart.tables.map(\.title) == ["Table 1", "Table 2 · Head", "Table 3 · Garden"])
        #expect(chart.tables.map(\.seatsUsed) == [0, 2, 0])
        #expect(chart.overCapacity.map(\.overBy) == [1])
        session.guests.filter.table = 3
        #expect(session.seating.chart.tables[1].guests.count == 2, "a filter on the list does not hide anyone here")
        session.close()
    }

    @Test func movingAHouseholdIsOneUndoStepThatRestoresEveryTableAndSeat() async throws {
        let harness = Harness([Self.dataset()])
        let session = await harness.openSession()
        let seating = session.seating

        #expect(await seating.moveHousehold(of: Sample.ben, to: 3) == .saved)
        #expect(session.guests.guest(Sample.ben)?.table == 3 && session.guests.guest(Sample.dev)?.table == 3,
                "the guest list shows the move at once")
        #expect(session.guests.guest(Sample.dev)?.seat == nil, "the old table's seat number goes")
        #expect(seating.chart.table(3)?.guests.map(\.firstName) == ["Ben", "Dev"])
        let stored = try await harness.stored { data in [Sample.ben, Sample.dev].map { data.guests[$0]?.table } }
        #expect(stored == [3, 3])
        #expect(seating.undoTitle == "move household")

        #expect(await seating.undo() == .saved)
        #expect(!seating.canUndo, "one step took it all back")
        #expect(session.guests.guest(Sample.ben)?.table == nil)
        #expect(session.guests.guest(Sample.dev)?.table == 1 && session.guests.guest(Sample.dev)?.seat == 4)
        let restored = try await harness.stored { data in [Sample.ben, Sample.dev].map { [data.guests[$0]?.table, data.guests[$0]?.seat] } }
        #expect(restored == [[nil, nil], [1, 4]])
        session.close()
    }

    @Test func aSuggestionIsAppliedAsOneStepAndTablesAndRulesAreUndoable() async throws {
        let harness = Harness([Self.dataset()])
        let session = await harness.openSession()
        let seating = session.seating
        let suggestion = seating.suggestion()
        #expect(suggestion.moves.map(\.guest.id) == [Self.fay])
        #expect(suggestion.moves.map(\.table) == [3])

        #expect(await seating.apply(suggestion) == .saved)
        #expect(session.guests.guest(Self.fay)?.table == 3)
        #expect(seating.chart.table(3)?.seatsUsed == 2)
        #expect(await seating.undo() == .saved)
        #expect(session.guests.guest(Self.fay)?.table == nil)

        #expect(await seating.createTable(SeatingTable(number: 4, capacity: 6)) == .saved)
        #expect(seating.tables.map(\.number) == [2, 3, 4])
        #expect(await seating.addRule(.together, guests: [Sample.ana, Self.eli]) == .saved)
        #expect(seating.rules.count == 2 && seating.chart.violations.isEmpty)
        #expect(await seating.move(Self.eli, to: 4) == .saved)
        #expect(seating.chart.violations.map(\.message) == ["Keep together: Ana Alvarez (table 2) and Eli Eng (table 4) are at different tables"])
        #expect(await seating.undo() == .saved)
        #expect(await seating.undo() == .saved)
        #expect(seating.rules.count == 1, "the rule is undone")
        session.close()
    }
}
