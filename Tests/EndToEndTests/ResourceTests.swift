import Foundation
import Testing

/// What ships in `Resources/` works as the README says.
@Suite("Resources")
struct ResourceTests {
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources")

    @Test("each CSV template imports into a new wedding as it stands, every column recognised", arguments: ["guests", "vendors", "expenses"])
    func templatesImport(kind: String) throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["demo", "--guests", "10", "--seed", "3"]).status == 0)
        let template = Self.resources.appendingPathComponent("templates/\(kind).csv").path
        let imported = try blueprint.run(["import", kind, template])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("2 added"), "\(imported.stdout)")
        #expect(!imported.stdout.lowercased().contains("ignored") && !imported.stderr.lowercased().contains("ignored"),
                "\(imported.stdout)\(imported.stderr)")
    }
}
