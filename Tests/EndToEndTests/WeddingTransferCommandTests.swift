import Foundation
import Testing

/// `blueprint wedding push | pull` where no database is configured (the moves themselves are
/// tested on a real server in the storage tests).
@Suite("blueprint wedding push and pull")
struct WeddingTransferCommandTests {
    @Test("without a database, push and pull are refused in words saying how to give one, and nothing changes")
    func noDatabase() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["wedding", "create", "Ana & Ben"]).status == 0)
        let before = try blueprint.snapshot()
        for (verb, done) in [("push", "pushed"), ("pull", "pulled")] {
            let result = try blueprint.run(["wedding", verb, "Ana & Ben"], environment: ["BLUEPRINT_DATABASE_URL": ""])
            #expect(result.status == 1, "\(verb)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("no database is configured, so nothing was \(done)"), "\(result.stderr)")
            #expect(result.stderr.contains("--database postgresql://"), "\(result.stderr)")
        }
        #expect(try blueprint.snapshot() == before)
    }
}
