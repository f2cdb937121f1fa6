import Foundation
import Testing

/// `blueprint import` of `.xlsx` workbooks, against the fixtures of the interchange tests.
@Suite("blueprint import of .xlsx workbooks")
struct SpreadsheetImportTests {
    /// A copy of the fixture `name` in the test's files folder, as `copyName`; returns its path.
    private func fixture(_ name: String, as copyName: String? = nil, for blueprint: BlueprintProcess) throws -> String {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("BlueprintInterchangeTests/Fixtures/xlsx/\(name)")
        let path = try blueprint.file(named: copyName ?? name, "")
        try Data(contentsOf: source).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a dry run writes nothing; the import then adds the sheet's rows, from a named sheet too")
    func dryRunThenImport() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["demo", "--guests", "3"]).status == 0)
        let before = try blueprint.snapshot()
        let file = try fixture("guests.xlsx", for: blueprint)
        let dry = try blueprint.run(["import", "guests", file, "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("would add 3 guests"), "\(dry.stdout)")
        #expect(try blueprint.snapshot() == before)

        let real = try blueprint.run(["import", "guests", file])
        #expect(real.status == 0, "\(real.stderr)")
        #expect(real.stdout.contains("3 added"))
        let friends = try blueprint.run(["import", "guests", file, "--sheet", "Zoë's <Friends> & \"Co\""])
        #expect(friends.status == 0, "\(friends.stderr)")
        #expect(friends.stdout.contains("1 added"))
        let exported = try blueprint.run(["export", "guests"]).stdout
        #expect(exported.contains("Sam, Jr.") && exported.contains("Émile"))
    }

    @Test("a workbook without the .xlsx extension is known by its zip signature")
    func signature() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["demo", "--guests", "3"]).status == 0)
        let result = try blueprint.run(["import", "guests", try fixture("guests.xlsx", as: "guests.dat", for: blueprint)])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("3 added"))
    }

    @Test("a bad cell is named by sheet and cell; an unknown sheet lists the sheets; --sheet with CSV is refused; nothing is written")
    func refusals() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["demo", "--guests", "3"]).status == 0)
        let before = try blueprint.snapshot()
        let bad = try blueprint.run(["import", "guests", try fixture("bad_guests.xlsx", for: blueprint)])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("bad_guests.xlsx: Sheet!C4: column \"Email\""), "\(bad.stderr)")
        let sheet = try blueprint.run(["import", "guests", try fixture("guests.xlsx", for: blueprint), "--sheet", "Nope"])
        #expect(sheet.status != 0)
        #expect(sheet.stderr.contains("there is no sheet \"Nope\"; the sheets are \"Guests\""), "\(sheet.stderr)")
        let csv = try blueprint.run(["import", "guests", try blueprint.file(named: "g.csv", "First Name\nAna\n"), "--sheet", "Guests"])
        #expect(csv.status != 0)
        #expect(csv.stderr.contains("--sheet is only for .xlsx workbooks"), "\(csv.stderr)")
        let bomb = try blueprint.run(["import", "guests", try fixture("bomb.xlsx", for: blueprint)])
        #expect(bomb.status != 0)
        #expect(bomb.stderr.contains("zip bomb"), "\(bomb.stderr)")
        #expect(try blueprint.snapshot() == before)
    }
}
