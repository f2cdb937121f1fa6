import BlueprintTestProcesses
import Foundation
import Testing

/// Documents of a database wedding, run as a user would on two machines (two data directories).
@Suite("blueprint doc with a database")
struct DocumentDatabaseTests {
    @Test("doc add on one data directory, doc export on another gives the same bytes; doctor there finds every file")
    func addHereExportThere() throws {
        let url = try PostgresTestCluster.shared().makeDatabase()
        let here = try BlueprintProcess.withTemporaryDataDirectory()
        let there = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try here.run(["db", "migrate"], as: url).status == 0)
        let created = try here.run(["wedding", "create", "Ana & Ben"], as: url)
        #expect(created.status == 0, "\(created.stderr)")
        let text = "Venue contract\nSigned: the Orchid Room\n"
        let added = try here.run(["doc", "add", try here.file(named: "contract.txt", text), "--title", "Venue contract"], as: url)
        #expect(added.status == 0, "\(added.stderr)")

        let list = try there.run(["doc", "list", "--json"], as: url)
        #expect(list.status == 0, "\(list.stderr)")
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        let id = try #require(listed.first?["id"] as? String)
        let target = there.dataDirectory.deletingLastPathComponent().appendingPathComponent("exported.txt").path
        let exported = try there.run(["doc", "export", String(id.prefix(8)), "-o", target], as: url)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data(text.utf8))

        let doctor = try there.run(["doctor"], as: url)
        #expect(doctor.status == 0, "the file fetched here troubles no check: \(doctor.stdout)")
        #expect(doctor.stdout.contains("ok       every document's file (1) is in the database or on this machine"),
                "\(doctor.stdout)")

        // The bytes gone from the database (as only its administrator could): still on the first
        // machine, nowhere for a third.
        let database = String(url.dropFirst("postgresql:///".count).prefix { $0 != "?" })
        try PostgresTestCluster.shared().runSQL("DELETE FROM document_contents", database: database)
        #expect(try here.run(["doctor"], as: url).stdout.contains("ok       every document's file (1) is in the database"))
        let third = try BlueprintProcess.withTemporaryDataDirectory()
        let missing = try third.run(["doctor"], as: url)
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("problem  1 document's file is neither in the database nor on this machine: "
                                        + "'Venue contract' of 'Ana & Ben'"), "\(missing.stdout)")
        #expect(missing.stdout.contains("run `blueprint wedding sync` to send it"), "\(missing.stdout)")

        // As the advice says: a sync on the machine that has the file sends it again.
        let sync = try here.run(["wedding", "sync"], as: url)
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(try third.run(["doctor"], as: url).stdout.contains("ok       every document's file (1) is in the database"))
    }
}
