import BlueprintDemo
import BlueprintDomain
import Foundation
import Testing

@Suite("Demo wedding: options")
struct DemoOptionsTests {
    @Test("the counts asked for are the counts made", arguments: [
        (180, 14, 40, 30), (0, 0, 0, 0), (1, 1, 1, 1), (7, 25, 60, 45), (3, 0, 0, 0), (500, 2, 3, 2),
    ])
    func countsAreHonoured(_ counts: (guests: Int, vendors: Int, tasks: Int, expenses: Int)) throws {
        let dataset = try DemoFixture.make(DemoFixture.options(guests: counts.guests, vendors: counts.vendors,
                                                               tasks: counts.tasks, expenses: counts.expenses))
        #expect(dataset.guests.count == counts.guests)
        #expect(dataset.vendors.count == counts.vendors)
        #expect(dataset.tasks.count == counts.tasks)
        #expect(dataset.expenses.count == counts.expenses)
        #expect(!dataset.categories.isEmpty)
        #expect(DemoFixture.validationProblems(in: dataset) == [])
    }

    @Test("the wedding is named after the couple unless a name is given")
    func weddingName() throws {
        let named = try DemoFixture.make(DemoFixture.options(name: "Our big day 🎉"))
        #expect(named.wedding.name == "Our big day 🎉")
        let wedding = try DemoFixture.make().wedding
        let first = try #require(wedding.partner1Name.split(separator: " ").first)
        let second = try #require(wedding.partner2Name.split(separator: " ").first)
        #expect(wedding.name == "\(first) & \(second)")
    }

    @Test("the first and last supported days give valid weddings that survive a JSON round trip", arguments: [
        CalendarDate(year: 1900, month: 1, day: 1)!, CalendarDate(year: 9000, month: 12, day: 31)!,
    ])
    func supportedYearBounds(_ today: CalendarDate) throws {
        let options = DemoWeddingOptions(today: today, guests: 40, vendors: 20, tasks: 45, expenses: 35)
        let dataset = try DemoWeddingGenerator.make(options)
        #expect(DemoFixture.validationProblems(in: dataset) == [])
        let encoder = JSONEncoder()
        let guests = try JSONDecoder().decode([Guest].self, from: encoder.encode(dataset.guests.records))
        let expenses = try JSONDecoder().decode([Expense].self, from: encoder.encode(dataset.expenses.records))
        let tasks = try JSONDecoder().decode([WeddingTask].self, from: encoder.encode(dataset.tasks.records))
        let wedding = try JSONDecoder().decode(Wedding.self, from: encoder.encode(dataset.wedding))
        #expect(guests == dataset.guests.records)
        #expect(expenses == dataset.expenses.records)
        #expect(tasks == dataset.tasks.records)
        #expect(wedding == dataset.wedding)
    }

    @Test("bad options are refused with every problem named")
    func badOptionsAreRefused() {
        let options = DemoWeddingOptions(today: CalendarDate(year: 1066, month: 10, day: 14)!, name: "  ", guests: -1,
                                         vendors: 2_000_000, tasks: -3)
        #expect(throws: DemoWeddingOptionsError.self) { try DemoWeddingGenerator.make(options) }
        do {
            _ = try DemoWeddingGenerator.make(options)
        } catch {
            #expect(error.issues.map(\.field) == ["name", "guests", "vendors", "tasks", "today"])
            #expect(error.description.contains("the guest count cannot be negative (got -1)"))
            #expect(error.description.contains("1066-10-14 is outside the years 1900–9000"))
        }
        #expect(DemoFixture.options().validationIssues.isEmpty)
    }
}
