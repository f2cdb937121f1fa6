import Foundation
import Glibc
import Testing

/// Two planners open on one wedding, as two ssh sessions would be: each shows the other in its
/// header, sees it leave at once on a clean exit or a SIGKILL, and is told when the other has the
/// same guest's form open.
extension FullScreenTests {
    /// The name a planner run by this user shows to the others (the login name).
    var loginName: String { String(cString: getpwuid(geteuid()).pointee.pw_name) }

    /// The header (the first line) of `tmux`'s screen.
    func header(_ tmux: TmuxSession) throws -> String {
        String(try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
    }

    /// The presence files left in the data directory's weddings.
    func presenceFiles(_ blueprint: BlueprintProcess) throws -> [String] {
        let weddings = blueprint.dataDirectory.appendingPathComponent("weddings")
        return try FileManager.default.contentsOfDirectory(atPath: weddings.path).flatMap { wedding in
            ((try? FileManager.default.contentsOfDirectory(atPath: weddings.appendingPathComponent(wedding + "/presence").path)) ?? [])
                .filter { $0.hasSuffix(".json") }
        }
    }

    @Test("presence: the other planner shows in the header within 2 s, goes within 2 s of q and at once after a SIGKILL, and an open form says who else is editing the guest")
    func presenceBetweenTwoPlanners() async throws {
        let blueprint = try demo()
        let mine = try TmuxSession(blueprint)
        try await mine.waitFor("GUESTS │ 40 guests")
        #expect(try !header(mine).contains(" here"))
        let here = "\(loginName) here"

        let theirs = try TmuxSession(blueprint)
        try await theirs.waitFor("GUESTS │ 40 guests")
        try await mine.waitFor("\(here) in the header", within: .seconds(2)) { $0.split(separator: "\n").first?.contains(here) == true }
        try await theirs.waitFor("\(here) in the header", within: .seconds(2)) { $0.split(separator: "\n").first?.contains(here) == true }

        let name = try await openEditForm(theirs)
        #expect(try await openEditForm(mine) == name)
        try await mine.waitFor("\(loginName) is editing this guest", within: .seconds(2))
        try await theirs.waitFor("\(loginName) is editing this guest", within: .seconds(2))
        try theirs.press("Escape")
        try await mine.waitFor("the notice gone", within: .seconds(2)) { !$0.contains("is editing this guest") && $0.contains("┌─ Edit ") }
        try mine.press("Escape")

        try theirs.press("q")
        #expect(try await theirs.waitForExit() == 0)
        try await mine.waitFor("no one else in the header", within: .seconds(2)) { $0.split(separator: "\n").first?.contains(here) == false }
        #expect(try presenceFiles(blueprint).count == 1)

        let killed = try TmuxSession(blueprint)
        try await killed.waitFor("GUESTS │ 40 guests")
        try await mine.waitFor("\(here) in the header", within: .seconds(2)) { $0.split(separator: "\n").first?.contains(here) == true }
        #expect(kill(try killed.processID(), SIGKILL) == 0)
        // Its file stays behind, unlocked: the first look after its death (at the latest the next
        // heartbeat, 30 s) drops it; the stale heartbeat (90 s) would too.
        try await mine.waitFor("the killed session gone from the header", within: .seconds(35)) {
            $0.split(separator: "\n").first?.contains(here) == false
        }
        #expect(try presenceFiles(blueprint).count == 1)

        try mine.press("q")
        #expect(try await mine.waitForExit() == 0)
        #expect(try presenceFiles(blueprint).isEmpty)
    }
}
