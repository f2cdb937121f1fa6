import BlueprintDomain
import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Testing

/// Vendors that builds from before the archive flag put away with the status "archived", as
/// the snapshot file and the journal hold them.
@Suite("The former \"archived\" vendor status in stored files")
struct FormerArchivedStatusTests {
    /// A wedding whose vendors.json holds "Old Hall" and whose journal holds "Old Lens" and the
    /// booked "Hall", both old ones declined. (Closing a store folds its journal into the
    /// snapshot files, so the second store is left open, as a process that was killed.)
    static func weddingWithVendorsInBothFiles(in directory: TemporaryDataDirectory) async throws -> WeddingID {
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        _ = try await store.write(wedding, operation: "add vendor") {
            try $0.insert(Vendor(id: Fixtures.uuid(1), name: "Old Hall", category: .venue, status: .declined))
        }
        await store.close()
        _ = try await directory.openStore().write(wedding, operation: "add vendors") {
            _ = try $0.insert(Vendor(id: Fixtures.uuid(2), name: "Old Lens", category: .photography, status: .declined))
            _ = try $0.insert(Vendor(id: Fixtures.uuid(3), name: "Hall", category: .venue, status: .booked))
        }
        return wedding
    }

    /// Rewrites `file` of `wedding` as a build from before the archive flag wrote it: every
    /// declined vendor "archived", and no `isArchived` key.
    static func writeAsOlderBuild(_ file: String, of wedding: WeddingID, in directory: TemporaryDataDirectory) throws {
        let path = directory.file(file, of: wedding)
        var text = try String(contentsOfFile: path, encoding: .utf8)
        for (current, former) in [(#""status" : "declined""#, #""status" : "archived""#),
                                  (#""status":"declined""#, #""status":"archived""#)] {
            text = text.replacingOccurrences(of: current, with: former)
        }
        text = text.replacingOccurrences(of: #"\s*"isArchived" ?: ?(true|false),"#, with: "", options: .regularExpression)
        #expect(!text.contains("isArchived") && text.contains("archived"), "\(file) was rewritten")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test("in vendors.json and in a journal line, \"archived\" opens archived and declined, and is written back so")
    func bothFiles() async throws {
        let directory = try TemporaryDataDirectory()
        let wedding = try await Self.weddingWithVendorsInBothFiles(in: directory)
        #expect(try String(contentsOfFile: directory.file("vendors.json", of: wedding), encoding: .utf8).contains("Old Hall"))
        #expect(try String(contentsOfFile: directory.file("journal.jsonl", of: wedding), encoding: .utf8).contains("Old Lens"))
        try Self.writeAsOlderBuild("vendors.json", of: wedding, in: directory)
        try Self.writeAsOlderBuild("journal.jsonl", of: wedding, in: directory)

        let store = try directory.openStore()
        let vendors = try await store.read(wedding) { $0.vendors.records.sorted { $0.name < $1.name } }
        #expect(vendors.map(\.name) == ["Hall", "Old Hall", "Old Lens"])
        #expect(vendors.map(\.status) == [.booked, .declined, .declined])
        #expect(vendors.map(\.isArchived) == [false, true, true])
        let stats = VendorStats(vendors: vendors)
        #expect(stats.total == 1 && stats.archived == 2 && stats.byStatus == [.booked: 1])

        _ = try await store.write(wedding, operation: "edit vendor") { transaction in
            var lens = try #require(vendors.first { $0.name == "Old Lens" })
            lens.notes = "Lovely, but booked elsewhere"
            _ = try transaction.update(lens)
        }
        let journal = try String(contentsOfFile: directory.file("journal.jsonl", of: wedding), encoding: .utf8)
        let lastLine = try #require(journal.split(separator: "\n").last)
        #expect(lastLine.contains(#""status":"declined""#) && lastLine.contains(#""isArchived":true"#))
        await store.close()
        let snapshot = try String(contentsOfFile: directory.file("vendors.json", of: wedding), encoding: .utf8)
        #expect(!snapshot.contains(#""archived""#) && snapshot.components(separatedBy: #""isArchived" : true"#).count == 3)
        let reread = try await directory.openStore().read(wedding) { $0.vendors.records.filter(\.isArchived).map(\.name).sorted() }
        #expect(reread == ["Old Hall", "Old Lens"])
    }

    @Test("a status no build wrote is still a corrupt file, named at the status's line")
    func unknownStatus() async throws {
        let directory = try TemporaryDataDirectory()
        let wedding = try await Self.weddingWithVendorsInBothFiles(in: directory)
        let path = directory.file("vendors.json", of: wedding)
        let text = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: #""status" : "declined""#, with: #""status" : "on hold""#)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let statusLine = try #require(text.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains(#""on hold""#) }) + 1

        let error = await #expect(throws: FileStoreError.self) { try await directory.openStore().read(wedding) { _ in } }
        guard case let .corruptFile(corruptPath, line, reason, _)? = error else {
            Issue.record("expected corruptFile, got \(String(describing: error))")
            return
        }
        #expect(corruptPath == path && line == statusLine)
        #expect(reason.contains("Cannot initialize VendorStatus from invalid String value on hold"), "\(reason)")
    }
}
