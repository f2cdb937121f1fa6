import Foundation
import Testing

/// `blueprint --version`, and the same version wherever blueprint names itself.
@Suite("version")
struct VersionTests {
    static var banner: Regex<Substring> { /^blueprint \d+\.\d+\.\d+$/ }

    /// What `blueprint --version` prints, checked to be one line `blueprint X.Y.Z`.
    private func version(_ blueprint: BlueprintProcess) throws -> String {
        let result = try blueprint.run(["--version"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let line = result.stdout.trimmingCharacters(in: .newlines)
        #expect(line.wholeMatch(of: Self.banner) != nil, "\(result.stdout)")
        return line
    }

    @Test("--version prints blueprint and its version, and exits 0")
    func versionFlag() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let banner = try version(blueprint)
        #expect(try blueprint.run(["--help"]).stdout.contains(banner))
    }

    @Test("doctor, the log's first line and the man page name the same version")
    func oneVersionEverywhere() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let banner = try version(blueprint)
        let doctor = try blueprint.run(["doctor"])
        #expect(doctor.stdout.hasPrefix(banner + "\n"), "\(doctor.stdout)")

        _ = try blueprint.run(["wedding", "list"])
        let log = try String(contentsOf: blueprint.stateHome.appendingPathComponent("blueprint/blueprint.log"), encoding: .utf8)
        let first = try #require(log.split(separator: "\n").first)
        #expect(first.contains(" \(banner) started"), "\(first)")

        let page = try String(contentsOf: ResourceTests.resources.appendingPathComponent("man/blueprint.1"), encoding: .utf8)
        #expect(page.contains(banner), "regenerate the man page (see ResourceTests)")
    }
}
