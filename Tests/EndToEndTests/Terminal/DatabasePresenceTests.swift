import Foundation
import Testing

/// Two planners on one database wedding from two machines (two data directories, each person
/// connecting as their own PostgreSQL role): presence goes through the database, so each shows
/// the other, and what the other is editing, though no file of one is seen by the other. Each is
/// named by their role, as the database knows them, whatever their configuration calls them.
extension FullScreenTests {
    /// A data directory whose configuration names its person `name`.
    private func machine(of name: String) throws -> BlueprintProcess {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let folder = blueprint.configurationHome.appendingPathComponent("blueprint")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("name = \"\(name)\"\n".utf8).write(to: folder.appendingPathComponent("config.toml"))
        return blueprint
    }

    @Test("presence through the database: planners on two machines see each other, and the guest the other is editing; one leaving goes from the other's header")
    func presenceThroughTheDatabase() async throws {
        let setting = try DatabaseSetting()
        let (here, there) = (try machine(of: "Mei"), try machine(of: "Sam"))
        let mei = setting.url(as: setting.mei), sam = setting.url(as: setting.sam)
        #expect(try here.run(["db", "migrate"], as: setting.url(as: setting.cluster.user)).status == 0)
        let made = try here.run(["demo", "--name", "Mei & Sam", "--guests", "40", "--seed", "7"], as: mei)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(try here.run(["wedding", "share", "Mei & Sam", "--role", "planner", setting.sam], as: mei).status == 0)

        let mine = try TmuxSession(here, environment: ["BLUEPRINT_DATABASE_URL": mei])
        try await mine.waitFor("GUESTS │ 40 guests")
        let theirs = try TmuxSession(there, environment: ["BLUEPRINT_DATABASE_URL": sam])
        try await theirs.waitFor("GUESTS │ 40 guests")
        try await mine.waitFor("\(setting.sam) here in the header", within: .seconds(5)) {
            $0.split(separator: "\n").first?.contains("\(setting.sam) here") == true
        }
        try await theirs.waitFor("\(setting.mei) here in the header", within: .seconds(5)) {
            $0.split(separator: "\n").first?.contains("\(setting.mei) here") == true
        }

        let name = try await openEditForm(theirs)
        #expect(try await openEditForm(mine) == name)
        try await mine.waitFor("\(setting.sam) is editing this guest", within: .seconds(5))
        try await theirs.waitFor("\(setting.mei) is editing this guest", within: .seconds(5))
        try theirs.press("Escape")
        try await mine.waitFor("the notice gone", within: .seconds(5)) { !$0.contains("is editing this guest") && $0.contains("┌─ Edit ") }
        try mine.press("Escape")

        try theirs.press("q")
        #expect(try await theirs.waitForExit() == 0)
        try await mine.waitFor("\(setting.sam) gone from the header", within: .seconds(5)) {
            $0.split(separator: "\n").first?.contains("\(setting.sam) here") == false
        }
        try mine.press("q")
        #expect(try await mine.waitForExit() == 0)
    }
}
