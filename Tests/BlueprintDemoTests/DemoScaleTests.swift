import BlueprintDemo
import BlueprintDomain
import Testing

@Suite("Demo wedding: scale")
struct DemoScaleTests {
    @Test("a wedding of 100,000 guests is made whole and valid")
    func hundredThousandGuests() throws {
        let dataset = try DemoFixture.make(DemoFixture.options(guests: 100_000))
        #expect(dataset.guests.count == 100_000)
        #expect(DemoFixture.validationProblems(in: dataset) == [])
        #expect(Set(dataset.guests.records.map(\.household)).count > 30_000)
        let households = Dictionary(grouping: dataset.guests.records, by: \.household)
        #expect(households.values.allSatisfy { Set($0.map(\.address)).count == 1 })
        #expect(SeatingChart(guests: dataset.guests.records).tables.allSatisfy { $0.seatsUsed <= 10 })
    }
}
