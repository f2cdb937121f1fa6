import Foundation
import Testing

/// The command line counts in words by the one rule (`CountPhrase`): "1 guest", "1 checklist
/// task", "1 day to go", "0 milestones".
@Suite("counts in words on the command line")
struct CountWordsCommandTests {
    @Test("wedding create, doctor and stats say 1 in the singular and 0 in the plural")
    func singularAndPlural() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let tomorrow = Calendar(identifier: .gregorian).date(byAdding: .day, value: 1, to: Date())!
        let date = ISO8601DateFormatter.string(from: tomorrow, timeZone: .current, formatOptions: [.withFullDate])
        let checklist = try blueprint.file(named: "checklist.csv", "key,due,title,priority,details\nrings,1 week,Collect the rings,high,\n")

        let created = try blueprint.run(["wedding", "create", "Ana & Ben", "--date", date, "--checklist-file", checklist])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.contains("with 1 checklist task."), "\(created.stdout)")
        let imported = try blueprint.run(["import", "guests", try blueprint.file(named: "guests.csv", "First Name,Last Name\nAna,Ruiz\n")])
        #expect(imported.status == 0, "\(imported.stderr)")

        let doctor = try blueprint.run(["doctor"], environment: DoctorTests.goodTerminal)
        #expect(doctor.stdout.contains("every file reads: 1 guest, 0 budget categories, 0 expenses, 0 vendors, 1 task"),
                "\(doctor.stdout)")
        let stats = try blueprint.run(["stats"])
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.contains("(1 day to go)"), "\(stats.stdout)")
        #expect(stats.stdout.contains("Timeline 0 milestones,"), "\(stats.stdout)")
        #expect(stats.stdout.contains("run sheet: 0 items, 0 clashes"), "\(stats.stdout)")
        #expect(stats.stdout.contains("Gifts    0 gifts, 0 thank-yous to write"), "\(stats.stdout)")
    }
}
