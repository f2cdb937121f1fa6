import BlueprintTestProcesses
import Foundation
import Testing

/// Two machines planning one wedding kept in PostgreSQL: each planner has a data directory of
/// its own (its local copy) and the same database URL. An edit in one shows in the other at
/// once; with the server stopped hard the planner keeps working offline and sends its edits when
/// the server is back; an edit made offline that meets another machine's edit of the same guest
/// is kept as a conflict, never lost.
extension FullScreenTests {
    /// A migrated database on `cluster` holding the 40-guest demo wedding "Ana & Ben", made from
    /// a data directory of its own (a third machine); returns the database's URL.
    func databaseDemo(on cluster: PostgresTestCluster) throws -> String {
        let url = try cluster.makeDatabase()
        let maker = try BlueprintProcess.withTemporaryDataDirectory()
        let migrated = try maker.run(["db", "migrate"], as: url)
        #expect(migrated.status == 0, "\(migrated.stderr)")
        let made = try maker.run(["demo", "--name", "Ana & Ben", "--guests", "40", "--seed", "7"], as: url)
        #expect(made.status == 0, "\(made.stderr)")
        return url
    }

    /// The planner of the machine whose data directory is `machine`'s, on the database at `url`,
    /// once it shows the wedding's 40 guests, says it is live and has warmed up every pane (its
    /// log says so).
    ///
    /// The tests stop the server only then: a statement in flight when the server goes (the
    /// warm-up reads every domain) never returns (PostgresNIO loses a statement written after
    /// the connection closed), and the planner then waits for it for good.
    func planner(_ machine: BlueprintProcess, on url: String) async throws -> TmuxSession {
        let tmux = try TmuxSession(machine, environment: ["BLUEPRINT_DATABASE_URL": url])
        try await tmux.waitFor("GUESTS │ 40 guests")
        try await waitForHeader(tmux, showing: "● live")
        try await tmux.waitForLog("warmed up")
        return tmux
    }

    /// Polls until the header (the first line) of `tmux`'s screen shows `marker`.
    @discardableResult
    func waitForHeader(_ tmux: TmuxSession, showing marker: String, within limit: Duration = .seconds(15)) async throws -> String {
        try await tmux.waitFor("“\(marker)” in the header", within: limit) { screen in
            screen.split(separator: "\n", omittingEmptySubsequences: false).first?.contains(marker) == true
        }
    }

    /// The guests the database holds, as a machine that has never opened the wedding exports them.
    func databaseGuests(_ url: String) throws -> [[String: Any]] {
        let exported = try BlueprintProcess.withTemporaryDataDirectory().run(["export", "guests", "--format", "json"], as: url)
        #expect(exported.status == 0, "\(exported.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [[String: Any]])
    }

    /// Whether `guests` has a guest named `firstName` `lastName`.
    func holds(_ guests: [[String: Any]], _ firstName: String, _ lastName: String) -> Bool {
        guests.contains { $0["firstName"] as? String == firstName && $0["lastName"] as? String == lastName }
    }

    /// Polls (up to 15 s) until the database at `url` has a guest named `firstName` `lastName`:
    /// a save said "Saved" went to the local copy's queue instead if its host had just fallen
    /// back offline, and reaches the database when the host is back.
    func waitUntilTheDatabase(_ url: String, holds firstName: String, _ lastName: String) async throws {
        let deadline = ContinuousClock.now + .seconds(15)
        while try !holds(databaseGuests(url), firstName, lastName) {
            guard ContinuousClock.now < deadline else {
                Issue.record("the database never held \(firstName) \(lastName)")
                return
            }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    @Test("two machines on one database wedding: both say ● live, and a guest renamed in one shows in the other within a second of the save")
    func liveAcrossMachines() async throws {
        let url = try databaseDemo(on: PostgresTestCluster.shared())
        let mine = try await planner(try BlueprintProcess.withTemporaryDataDirectory(), on: url)
        let theirs = try await planner(try BlueprintProcess.withTemporaryDataDirectory(), on: url)

        // The last names sort first, so the renamed guest stays in view on both screens.
        var delays: [Duration] = []
        var firstName = ""
        for round in 1...3 {
            firstName = try #require(try await openEditForm(mine).split(separator: " ").first).description
            try saveLastName(mine, "Aalto-Live\(round)")
            try await mine.waitFor("Saved \(firstName) Aalto-Live\(round)")
            let saved = ContinuousClock.now
            try await theirs.waitFor("\(firstName) Aalto-Live\(round)", within: .seconds(10))
            delays.append(ContinuousClock.now - saved)
        }
        #expect(delays.allSatisfy { $0 < .seconds(1) }, "the other machine showed the edits \(delays) after the save")
        #expect(holds(try databaseGuests(url), firstName, "Aalto-Live3"))
        for tmux in [mine, theirs] {
            try await waitForHeader(tmux, showing: "● live")
            try tmux.press("q")
            #expect(try await tmux.waitForExit() == 0)
        }
    }

    @Test("the server stopped hard mid-session: the planner keeps working offline, says so, and its edits land once the server is back")
    func offlineAndBack() async throws {
        let cluster = try PostgresTestCluster.makePrivate()
        defer { try? cluster.stop(immediately: false) }
        let url = try databaseDemo(on: cluster)
        let machine = try BlueprintProcess.withTemporaryDataDirectory()
        let tmux = try await planner(machine, on: url)

        try cluster.stop(immediately: true)
        // The change listener's connection breaks at once, the database does not answer either:
        // the header says offline before anything is edited.
        try await waitForHeader(tmux, showing: "○ offline · last synced ")

        var renamed: [String: String] = [:]
        for (round, lastName) in ["Aaberg-Offline1", "Aaberg-Offline2"].enumerated() {
            if round > 0 { try tmux.press("j") }
            let firstName = try #require(try await openEditForm(tmux).split(separator: " ").first).description
            try saveLastName(tmux, lastName)
            try await tmux.waitFor("Saved \(firstName) \(lastName)")
            // When it last held what the database holds: "just now", or minutes ago on a loaded machine.
            try await waitForHeader(tmux, showing: "○ offline · last synced ")
            renamed[firstName] = lastName
        }
        #expect(renamed.count == 2, "two different guests edited: \(renamed)")
        let offline = try tmux.screen()
        for (firstName, lastName) in renamed { #expect(offline.contains("\(firstName) \(lastName)"), "\(offline)") }

        try cluster.start()
        // The host retries with backoff (0.5 s, doubling, jittered): one try within about 16 s of
        // going offline, the change listener within 5 s of that.
        try await waitForHeader(tmux, showing: "● live", within: .seconds(60))
        let guests = try databaseGuests(url)
        #expect(guests.count == 40)
        for (firstName, lastName) in renamed { #expect(holds(guests, firstName, lastName)) }

        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
        let sync = try machine.run(["wedding", "sync"], as: url)
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout.contains("'Ana & Ben' is in step with the "), "nothing left queued: \(sync.stdout)")
    }

    @Test("the same guest edited offline on one machine and online on the other: theirs is the database's, mine is offered in the conflict dialog, kept until settled, and keeping it lands it")
    func offlineEditConflicts() async throws {
        let cluster = try PostgresTestCluster.makePrivate()
        defer { try? cluster.stop(immediately: false) }
        let url = try databaseDemo(on: cluster)
        let myMachine = try BlueprintProcess.withTemporaryDataDirectory()
        var mine = try await planner(myMachine, on: url)
        let theirs = try await planner(try BlueprintProcess.withTemporaryDataDirectory(), on: url)

        try cluster.stop(immediately: true)
        let name = try await openEditForm(mine)
        let firstName = try #require(name.split(separator: " ").first).description
        try saveLastName(mine, "Aabel-Mine")
        try await mine.waitFor("Saved \(firstName) Aabel-Mine")
        try await waitForHeader(mine, showing: "○ offline")
        // Closed offline (a laptop shut): the edit waits in the local copy's queue on disk, and
        // the other machine's edit surely reaches the server first.
        try mine.press("q")
        #expect(try await mine.waitForExit() == 0)

        try cluster.start()
        try await waitForHeader(theirs, showing: "● live", within: .seconds(30))
        #expect(try await openEditForm(theirs) == name)
        try saveLastName(theirs, "Aabel-Theirs")
        try await theirs.waitFor("Saved \(firstName) Aabel-Theirs")
        // Theirs reaches the server before mine is sent.
        try await waitUntilTheDatabase(url, holds: firstName, "Aabel-Theirs")

        mine = try TmuxSession(myMachine, environment: ["BLUEPRINT_DATABASE_URL": url])
        // The status line says GUESTS, or CONFLICT once the dialog is up.
        try await mine.waitFor(" │ 40 guests")
        // The queued edit is sent, refused as a conflict, and offered in the conflict dialog.
        let dialog = try await mine.waitFor("┌─ Edit conflict ─", within: .seconds(15))
        #expect(dialog.contains("Keep yours") && dialog.contains("Take theirs") && dialog.contains("Later"), "\(dialog)")
        #expect(dialog.contains("While the database could not be reached"), "\(dialog)")
        try mine.press("c")
        try await mine.waitFor("their edit on my screen after the sync", within: .seconds(15)) { screen in
            screen.contains("\(firstName) Aabel-Theirs") && !screen.contains("Aabel-Mine") && !screen.contains("Edit conflict")
        }
        try await waitForHeader(mine, showing: "● live")
        #expect(holds(try databaseGuests(url), firstName, "Aabel-Theirs"))
        let sync = try myMachine.run(["wedding", "sync"], as: url)
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout.contains("1 edit made offline conflicts with a change made since:\n  1. "), "later keeps it: \(sync.stdout)")

        try mine.press(":")
        try mine.type("conflicts")
        try mine.press("Enter")
        try await mine.waitFor("┌─ Edit conflict ─")
        try mine.press("o")
        try await mine.waitFor("Kept your offline edit over theirs")
        try await mine.waitFor("my edit on my screen", within: .seconds(15)) {
            $0.contains("\(firstName) Aabel-Mine") && !$0.contains("Edit conflict")
        }
        let guests = try databaseGuests(url)
        #expect(guests.count == 40)
        #expect(holds(guests, firstName, "Aabel-Mine"))
        #expect(!holds(guests, firstName, "Aabel-Theirs"))
        let settled = try myMachine.run(["wedding", "sync"], as: url)
        #expect(settled.stdout.contains("'Ana & Ben' is in step with the "), "\(settled.stdout)")
        try mine.press("q")
        #expect(try await mine.waitForExit() == 0)
        try await theirs.waitFor("\(firstName) Aabel-Mine", within: .seconds(10))
        try theirs.press("q")
        #expect(try await theirs.waitForExit() == 0)
    }
}
