import BlueprintDemo
import BlueprintDomain
import Testing

@Suite("Demo wedding: determinism")
struct DemoDeterminismTests {
    @Test("the same options give the identical wedding, ids and timestamps included")
    func sameOptionsSameWedding() throws {
        let first = try DemoFixture.make()
        let second = try DemoFixture.make()
        #expect(first == second)
        #expect(first.guests.records.map(\.id) == second.guests.records.map(\.id))
        #expect(first.wedding.createdAt == second.wedding.createdAt)
    }

    @Test("different seeds give different weddings")
    func differentSeedsDiffer() throws {
        let first = try DemoFixture.make(DemoFixture.options(seed: 1))
        let second = try DemoFixture.make(DemoFixture.options(seed: 2))
        #expect(first != second)
        #expect(first.wedding.id != second.wedding.id)
        #expect(Set(first.guests.records.map(\.id)).isDisjoint(with: second.guests.records.map(\.id)))
        #expect(first.guests.records.map(\.fullName) != second.guests.records.map(\.fullName))
        #expect(first.expenses.records.map(\.amount) != second.expenses.records.map(\.amount))
    }

    @Test("ids are unique across the whole wedding")
    func idsAreUnique() throws {
        let dataset = try DemoFixture.make()
        let ids = dataset.guests.records.map(\.id) + dataset.categories.records.map(\.id)
            + dataset.expenses.records.map(\.id) + dataset.vendors.records.map(\.id) + dataset.tasks.records.map(\.id)
            + dataset.expenses.records.flatMap { $0.installments.map(\.id) }
            + dataset.tasks.records.flatMap { $0.subtasks.map(\.id) } + [dataset.wedding.id]
        #expect(Set(ids).count == ids.count)
    }

    @Test("asking for more guests leaves the couple, vendors and tasks as they were (prices grow with the list)")
    func partsAreIndependent() throws {
        let small = try DemoFixture.make(DemoFixture.options(guests: 10))
        let large = try DemoFixture.make(DemoFixture.options(guests: 400))
        #expect(small.vendors.records.map(\.id) == large.vendors.records.map(\.id))
        #expect(small.vendors.records.map(\.contactName) == large.vendors.records.map(\.contactName))
        #expect(small.categories.records.map(\.id) == large.categories.records.map(\.id))
        #expect(small.categories.records.sum(\.allocated) < large.categories.records.sum(\.allocated))
        #expect(small.tasks == large.tasks)
        #expect(small.wedding.name == large.wedding.name)
        #expect(small.wedding.weddingDate == large.wedding.weddingDate)
        #expect(small.guests.records.prefix(4).map(\.fullName) == large.guests.records.prefix(4).map(\.fullName))
    }

    @Test("asking for more vendors leaves the first vendors' stars, reviews and archive flags as they were")
    func opinionsAreStable() throws {
        let small = try DemoFixture.make(DemoFixture.options(vendors: 20)).vendors.records
        let large = try DemoFixture.make(DemoFixture.options(vendors: 60)).vendors.records.prefix(20)
        #expect(small.map(\.rating) == large.map(\.rating))
        #expect(small.map(\.review) == large.map(\.review))
        #expect(small.map(\.wouldBookAgain) == large.map(\.wouldBookAgain))
        #expect(small.map(\.isArchived) == large.map(\.isArchived))
        #expect(small.contains { $0.rating != nil } && small.contains(where: \.isArchived))
    }

    @Test("timestamps come from the given day, not the clock")
    func timestampsFollowToday() throws {
        let dataset = try DemoFixture.make()
        let startOfToday = Timestamp(millisecondsSince1970: Int64(DemoFixture.today.daysSince1970) * 86_400_000)
        let stamps = dataset.guests.records.map { ($0.createdAt, $0.updatedAt) }
            + dataset.expenses.records.map { ($0.createdAt, $0.updatedAt) }
            + dataset.vendors.records.map { ($0.createdAt, $0.updatedAt) }
            + dataset.tasks.records.map { ($0.createdAt, $0.updatedAt) }
            + [(dataset.wedding.createdAt, dataset.wedding.updatedAt)]
        #expect(stamps.allSatisfy { $0.0 <= $0.1 && $0.1 < startOfToday })
        #expect(stamps.contains { $0.0 < $0.1 }, "some records were edited after they were made")
    }
}
