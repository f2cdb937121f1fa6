import BlueprintTestProcesses
import Foundation
import Testing

/// `blueprint wedding push | pull | sync`, run as a user would, on a throwaway server.
@Suite("blueprint wedding push, pull and sync")
struct WeddingTransferCommandTests {
    @Test("without a database, push, pull and sync are refused in words saying why, and nothing changes")
    func noDatabase() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["wedding", "create", "Ana & Ben"]).status == 0)
        let before = try blueprint.snapshot()
        for (verb, words) in [("push", "no database is configured, so nothing was pushed"),
                              ("pull", "no database is configured, so nothing was pulled"),
                              ("sync", "no database is configured, so there is nothing to sync")] {
            let result = try blueprint.run(["wedding", verb] + (verb == "sync" ? [] : ["Ana & Ben"]),
                                           environment: ["BLUEPRINT_DATABASE_URL": ""])
            #expect(result.status == 1, "\(verb)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains(words), "\(result.stderr)")
        }
        #expect(try blueprint.snapshot() == before)
    }

    @Test("a demo wedding pushed from one data directory is the database's; pulled into another, it lists the same; sync says it is in step")
    func pushPullSync() throws {
        let url = try PostgresTestCluster.shared().makeDatabase()
        let here = try BlueprintProcess.withTemporaryDataDirectory()
        let migrated = try here.run(["db", "migrate", "--database", url])
        #expect(migrated.status == 0, "\(migrated.stderr)")
        #expect(try here.run(["demo", "--name", "Ana & Ben", "--guests", "25"]).status == 0)
        let local = try here.run(["stats", "--json"]).stdout

        let pushed = try here.run(["wedding", "push", "Ana & Ben", "--database", url])
        #expect(pushed.status == 0, "\(pushed.stderr)")
        #expect(pushed.stdout.hasPrefix("Pushed the wedding 'Ana & Ben' to the "))
        #expect(try here.run(["stats", "--json", "--database", url]).stdout == local)
        let again = try here.run(["wedding", "push", "Ana & Ben", "--database", url])
        #expect(again.status == 1 && again.stderr.contains("already has the wedding 'Ana & Ben'; nothing was pushed"))

        let there = try BlueprintProcess.withTemporaryDataDirectory()
        let pulled = try there.run(["wedding", "pull", "ana & ben", "--database", url])
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(try there.run(["stats", "--json"]).stdout == local)

        let sync = try there.run(["wedding", "sync", "--database", url])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout.contains("'Ana & Ben' is in step with the "), "\(sync.stdout)")
        let unknown = try there.run(["wedding", "sync", "--database", url, "--keep-mine", "1"])
        #expect(unknown.status == 1 && unknown.stderr.contains("'Ana & Ben' has no conflict 1"), "\(unknown.stderr)")
    }
}
