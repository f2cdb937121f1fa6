import BlueprintDomain
import Foundation
import Testing

@Suite("Change sets: several records as one step")
struct RecordChangeSetTests {
    /// A wedding with a gift from Ana and Ben and a rule keeping Ana and Cara apart.
    static var dataset: WeddingDataset {
        var dataset = Sample.dataset
        dataset.gifts.upsert(Gift(id: uuid(60), guestIDs: [Sample.ana.id, Sample.ben.id], description: "Vase", createdAt: createdTime))
        dataset.seatingRules.upsert(SeatingRule(id: uuid(61), ruleKind: .apart, guestIDs: [Sample.ana.id, Sample.cara.id],
                                                createdAt: createdTime))
        return dataset
    }

    @Test("every step lands in one transaction, and the inverse puts back exactly what was there, unlinked records included")
    func inverseRestoresEverything() throws {
        var dataset = Self.dataset
        let original = dataset
        var changes = RecordChangeSet()
        var ben = try #require(dataset.guests[Sample.ben.id])
        ben.table = 4
        changes.update(ben)
        changes.create(SeatingTable(id: uuid(62), number: 4, name: "Garden", capacity: 8))
        changes.delete(Guest.self, id: Sample.ana.id)
        var wedding = dataset.wedding
        wedding.totalBudget = usd(31_234)
        changes.updateWedding(wedding)

        let (committed, _) = try dataset.transaction(now: editTime) { try $0.apply(changes) }
        #expect(dataset.guests[Sample.ben.id]?.table == 4)
        #expect(dataset.seatingTables.count == 1)
        #expect(dataset.gifts[uuid(60)]?.guestIDs == [Sample.ben.id])
        #expect(dataset.seatingRules[uuid(61)] == nil, "a rule left with one guest goes")
        #expect(dataset.wedding.totalBudget == usd(31_234))
        #expect(Set(committed.changes.map(\.kind)) == [.guest, .seatingTable, .gift, .seatingRule, .wedding])

        _ = try dataset.transaction(now: editTime) { _ = try $0.apply(committed.inverse) }
        #expect(Set(dataset.guests.records.map(\.id)) == Set(original.guests.records.map(\.id)))
        #expect(dataset.guests[Sample.ana.id]?.fullName == Sample.ana.fullName)
        #expect(dataset.guests[Sample.ben.id]?.table == original.guests[Sample.ben.id]?.table)
        #expect(dataset.gifts[uuid(60)]?.guestIDs == [Sample.ana.id, Sample.ben.id])
        #expect(dataset.seatingRules[uuid(61)]?.guestIDs == [Sample.ana.id, Sample.cara.id])
        #expect(dataset.seatingTables.count == 0)
        #expect(dataset.wedding.totalBudget == original.wedding.totalBudget)
    }

    @Test("a step that fails leaves nothing of the others")
    func allOrNothing() throws {
        var dataset = Self.dataset
        let original = dataset
        var changes = RecordChangeSet()
        var ben = try #require(dataset.guests[Sample.ben.id])
        ben.table = 4
        changes.update(ben)
        changes.create(SeatingTable(number: 0, capacity: 8))
        #expect(throws: RepositoryError.self) { try dataset.transaction(now: editTime) { _ = try $0.apply(changes) } }
        #expect(dataset == original)
    }

    @Test("deleting a guest whose gift names only them keeps the gift, from them by name")
    func aGiftFromADeletedGuestIsFromThemByName() throws {
        var dataset = Sample.dataset
        dataset.gifts.upsert(Gift(id: uuid(63), guestIDs: [Sample.cara.id], description: "Mixer", createdAt: createdTime))
        dataset.gifts.upsert(Gift(id: uuid(64), guestIDs: [Sample.cara.id], from: "Cara's office", createdAt: createdTime))

        _ = try dataset.transaction(now: editTime) { try $0.delete(Guest.self, id: Sample.cara.id) }

        #expect(dataset.gifts[uuid(63)]?.guestIDs == [] && dataset.gifts[uuid(63)]?.from == Sample.cara.fullName)
        #expect(dataset.gifts[uuid(64)]?.from == "Cara's office", "who it is from as written stays")
    }
}
