import Foundation
import Glibc
import Testing

/// A data directory that may not be written (a backup, a colleague's copy, a read-only mount):
/// everything that only reads works, the planner opens and says it is read-only, and every
/// change is refused as such, with nothing written.
@Suite("a read-only data directory")
struct ReadOnlyDataTests {
    /// A demo wedding, then every folder and file of the data directory made read-only.
    private func readOnlyDemo() throws -> BlueprintProcess {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["demo", "--name", "Ana & Ben", "--guests", "12", "--seed", "3"]).status == 0)
        #expect(try blueprint.run(["wedding", "list"]).status == 0, "the index is up to date")
        let root = blueprint.dataDirectory.path
        for path in [root] + (FileManager.default.subpaths(atPath: root) ?? []).map({ root + "/" + $0 }) {
            var status = stat()
            #expect(lstat(path, &status) == 0)
            #expect(chmod(path, status.st_mode & 0o555) == 0)
        }
        return blueprint
    }

    @Test("stats, export and wedding list read it as they would a writable one; import is refused as read-only")
    func commands() throws {
        let blueprint = try readOnlyDemo()
        let before = try blueprint.snapshot()
        for arguments in [["stats", "--json"], ["export", "guests"], ["wedding", "list"]] {
            let result = try blueprint.run(arguments, honouringFileModes: true)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout == (try blueprint.run(arguments)).stdout, "\(arguments)")
        }
        let csv = try blueprint.file(named: "more.csv", "First Name,Last Name\nZed,Zulu\n")
        let imported = try blueprint.run(["import", "guests", csv], honouringFileModes: true)
        #expect(imported.status == 1)
        #expect(imported.stderr.contains("read-only: \(blueprint.dataDirectory.path)/"), "\(imported.stderr)")
        #expect(imported.stderr.contains("may not be written, so nothing can be saved"), "\(imported.stderr)")
        for arguments in [["wedding", "create", "Cy & Dee"], ["wedding", "delete", "Ana & Ben", "--yes"], ["demo"]] {
            let refused = try blueprint.run(arguments, honouringFileModes: true)
            #expect(refused.status == 1, "\(arguments)")
            #expect(refused.stderr.hasPrefix("Error: read-only: \(blueprint.dataDirectory.path)"), "\(arguments): \(refused.stderr)")
        }
        #expect(try blueprint.snapshot() == before)
    }

    @Test("the planner opens it, says it is read-only, and refuses an edit as such")
    func planner() async throws {
        let blueprint = try readOnlyDemo()
        let before = try blueprint.snapshot()
        let tmux = try TmuxSession(blueprint, honouringFileModes: true)
        try await tmux.waitFor("Read-only: this wedding's folder cannot be written")
        try tmux.press("A")
        try await tmux.waitFor("Not saved: read-only: ")
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
        #expect(try blueprint.snapshot() == before)
    }

    @Test("switching with :wedding to a wedding that may not be written says it is read-only")
    func switchingToAReadOnlyWedding() async throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["demo", "--name", "Ana & Ben", "--guests", "5", "--seed", "3"]).status == 0)
        #expect(try blueprint.run(["demo", "--name", "Cy & Dee", "--guests", "5", "--seed", "4"]).status == 0)
        let listed = try blueprint.listedWeddings()
        let locked = try #require(listed.first { $0["name"] as? String == "Cy & Dee" }?["id"] as? String)
        let folder = blueprint.dataDirectory.path + "/weddings/" + locked
        for path in [folder] + (FileManager.default.subpaths(atPath: folder) ?? []).map({ folder + "/" + $0 }) {
            var status = stat()
            #expect(lstat(path, &status) == 0)
            #expect(chmod(path, status.st_mode & 0o555) == 0)
        }
        let tmux = try TmuxSession(blueprint, arguments: ["--wedding", "Ana & Ben"], honouringFileModes: true)
        try await tmux.waitFor("Guests")
        #expect(try tmux.screen().contains("Read-only") == false)
        try tmux.press(":")
        try tmux.type("wedding Cy & Dee")
        try tmux.press("Enter")
        try await tmux.waitFor("Opened Cy & Dee. Read-only: this wedding's folder cannot be written")
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
