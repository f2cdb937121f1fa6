import Foundation
import Testing

/// A file named without a folder, or relative to the working directory, works wherever a
/// command takes a file: how most people type it.
@Suite("relative paths")
struct RelativePathTests {
    /// A data directory with a small demo wedding, and an empty working folder beside it.
    private func setUp() throws -> (BlueprintProcess, URL) {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["demo", "--guests", "8", "--seed", "5"]).status == 0)
        let work = blueprint.dataDirectory.deletingLastPathComponent().appendingPathComponent("work", isDirectory: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        return (blueprint, work)
    }

    @Test("export -o out.csv writes out.csv in the working directory", arguments: ["out.csv", "./out.csv", "sub/../out.csv"])
    func exportToABareFileName(name: String) throws {
        let (blueprint, work) = try setUp()
        try FileManager.default.createDirectory(at: work.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let result = try blueprint.run(["export", "guests", "-o", name], in: work)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let written = try String(contentsOf: work.appendingPathComponent("out.csv"), encoding: .utf8)
        #expect(written == (try blueprint.run(["export", "guests"]).stdout))
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out.csv.tmp").path))
    }

    @Test("import, --data-dir (doctor too) and --config take paths relative to the working directory")
    func importDataDirectoryAndConfiguration() throws {
        let (blueprint, work) = try setUp()
        #expect(try blueprint.run(["export", "guests", "-o", "guests.csv"], in: work).status == 0)
        let relativeData = "../data"
        let imported = try blueprint.run(["import", "guests", "guests.csv", "--dry-run", "--data-dir", relativeData], in: work)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("8"), "\(imported.stdout)")

        let doctor = try blueprint.run(["doctor", "--data-dir", relativeData], in: work)
        #expect(doctor.stdout.contains("Data directory \(work.path)/../data (from --data-dir)"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("every file reads: 8 guests"), "\(doctor.stdout)")

        try Data("[keys.list]\nadd = \"+\"\n".utf8).write(to: work.appendingPathComponent("my.toml"))
        let keys = try blueprint.run(["keys", "--config", "my.toml"], in: work)
        #expect(keys.status == 0, "\(keys.stderr)")
        #expect(keys.stderr.isEmpty, "\(keys.stderr)")
        #expect(keys.stdout.split(separator: "\n").contains { $0.hasPrefix("  +") && $0.hasSuffix("Add") }, "\(keys.stdout)")
    }

    @Test("the planner's --log-file log.txt logs to log.txt in the working directory")
    func logFileInTheWorkingDirectory() async throws {
        let (blueprint, work) = try setUp()
        let session = try TmuxSession(blueprint, arguments: ["--log-file", "planner.log"], in: work)
        let screen = try await session.waitFor(" GUESTS ")
        #expect(!screen.contains("Logging is off"), "\(screen)")
        try session.press("q")
        #expect(try await session.waitForExit() == 0)
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("planner.log").path))
    }
}
