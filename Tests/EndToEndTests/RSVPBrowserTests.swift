import BlueprintTestProcesses
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The guests' RSVP pages of `blueprint serve` used in a real headless Chromium
/// (`Tests/Browser/rsvp_flow.py`, Selenium), then the answers looked for where the couple
/// looks: `export guests`, `activity` and an open planner. Needs Debian's `chromium`,
/// `chromium-driver` and `python3-selenium` (`.ci/run` installs them); without them it fails,
/// saying so, and never skips.
@Suite("RSVP pages in a browser")
struct RSVPBrowserTests {
    private static let wedding = "Browser Wedding"
    private static let closedWedding = "Closed Wedding"
    /// The household of three (Amelia may bring a guest), answered with clicks.
    private static let household = "The Hart family"
    /// Dana's household, answered with the keyboard alone.
    private static let keyboardHousehold = "Keys household"
    private static let revokedHousehold = "Gone household"
    private static let guests = """
        First Name,Last Name,Household,Plus One Allowed
        Amelia,Hart,The Hart family,Yes
        Oliver,Hart,The Hart family,No
        Ivy,Hart,The Hart family,No
        Dana,Keys,Keys household,Yes
        Rex,Gone,Gone household,No

        """

    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Browser/rsvp_flow.py")
    private static let python = "/usr/bin/python3"

    @Test("a household of three answers in Chromium, changes an answer, a revoked link and a closed wedding refuse; the planner shows the answers")
    func answersFromABrowserReachThePlanner() async throws {
        try Self.requireBrowser()
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let links = try Self.makeWeddings(blueprint)
        // The port is chosen just before serve takes it: other tests start servers too.
        let port = try ServeProcess.freePort()
        let baseURL = "http://127.0.0.1:\(port)"
        let server = try ServeProcess(blueprint, port: port)
        defer { server.stop() }
        try await server.waitUntilHealthy(baseURL: baseURL)

        let started = ContinuousClock.now
        let flow = try await Self.runFlow(baseURL: baseURL, links: links, blueprint: blueprint)
        let served = server.stop()
        #expect(flow.status == 0, "rsvp_flow.py failed (\(ContinuousClock.now - started)):\n\(flow.output)\nserve: \(served.errors)")
        #expect(served.status == 0, "serve did not end cleanly on SIGTERM: \(served.errors)")
        guard flow.status == 0 else { return }

        let guests = try Self.guestsByName(blueprint)
        let amelia = try #require(guests["Amelia Hart"])
        #expect(amelia["rsvp"] as? String == "attending")
        #expect(amelia["mealChoice"] as? String == "Fish")
        #expect(amelia["dietaryRestrictions"] as? String == "No peanuts")
        #expect(amelia["plusOneName"] as? String == "Robin Vale")
        #expect(amelia["plusOneMealChoice"] as? String == "Vegan")
        #expect(amelia["plusOneAttending"] as? Bool == true)
        for name in ["Oliver Hart", "Ivy Hart"] {
            let guest = try #require(guests[name])
            #expect(guest["rsvp"] as? String == "attending", "\(name)")
            #expect(guest["mealChoice"] as? String == "Vegan", "\(name)")
        }
        let dana = try #require(guests["Dana Keys"])
        #expect(dana["rsvp"] as? String == "attending")
        #expect(dana["mealChoice"] as? String == "Fish")
        #expect(dana["dietaryRestrictions"] as? String == "Typed only")
        #expect(dana["plusOneName"] as? String == "Kim Tab")
        #expect(try #require(guests["Rex Gone"])["rsvp"] as? String == "invited", "the revoked link changed nothing")

        let activity = try Self.json(blueprint, ["activity", "--json", "--wedding", Self.wedding])
        let byGuests = activity.filter { ($0["author"] as? String)?.hasPrefix("guest: ") == true }
        #expect(byGuests.filter { ($0["author"] as? String)?.lowercased() == "guest: the hart family" }.count == 2,
                "two answers (the first and the change) by the Harts: \(byGuests)")
        #expect(byGuests.contains { ($0["author"] as? String)?.lowercased() == "guest: keys household" }, "\(byGuests)")

        let planner = try TmuxSession(blueprint, arguments: ["--wedding", Self.wedding], columns: 120, rows: 40)
        try await planner.waitFor("GUESTS")
        try planner.press("1")
        try planner.press("/")
        try planner.type("Amelia")
        try planner.press("Enter")
        try planner.press("Enter")
        let details = try await planner.waitFor("Answered online")
        #expect(details.contains("Robin Vale"), "the details show the plus-one the guest named:\n\(details)")
        try planner.press("q")
    }

    /// Fails, naming what to install, when the browser, its driver or Selenium is missing.
    private static func requireBrowser() throws {
        let install = "install them with `apt-get install -y chromium chromium-driver python3-selenium` (.ci/run does)"
        for program in ["/usr/bin/chromium", "/usr/bin/chromedriver", python] {
            try #require(FileManager.default.isExecutableFile(atPath: program), "\(program) is missing: \(install)")
        }
        let check = Process()
        check.executableURL = URL(fileURLWithPath: python)
        check.arguments = ["-c", "import selenium"]
        check.standardOutput = FileHandle.nullDevice
        check.standardError = FileHandle.nullDevice
        try check.run()
        check.waitUntilExit()
        try #require(check.terminationStatus == 0, "\(python) cannot import selenium: \(install)")
    }

    /// An open wedding with the households above (meals Fish, Beef, Vegan) and a wedding whose
    /// deadline has passed; returns the flow's tokens, after revoking the Gone household's link.
    private static func makeWeddings(_ blueprint: BlueprintProcess) throws -> [String: String] {
        try succeed(blueprint, ["wedding", "create", wedding, "--date", "2099-06-12", "--rsvp-by", "2099-05-01",
                                "--partner1", "Ana", "--partner2", "Ben"])
        try succeed(blueprint, ["wedding", "set", "--wedding", wedding, "--meal-options", "Fish,Beef,Vegan"])
        try succeed(blueprint, ["import", "guests", try blueprint.file(named: "guests.csv", guests), "--wedding", wedding])
        try succeed(blueprint, ["wedding", "create", closedWedding, "--date", "2099-06-12", "--rsvp-by", "2020-01-01",
                                "--partner1", "Cleo", "--partner2", "Dev"])
        try succeed(blueprint, ["import", "guests", try blueprint.file(named: "closed.csv", "First Name,Last Name,Household\nLou,Late,Late household\n"),
                                "--wedding", closedWedding])
        let open = try tokens(blueprint, wedding: wedding)
        let closed = try tokens(blueprint, wedding: closedWedding)
        try succeed(blueprint, ["invite", "revoke", revokedHousehold, "--wedding", wedding])
        return ["household": try #require(open[household.lowercased()]),
                "keyboard": try #require(open[keyboardHousehold.lowercased()]),
                "revoked": try #require(open[revokedHousehold.lowercased()]),
                "closed": try #require(closed["late household"])]
    }

    /// Each household's link token (lower-cased household → the link's part after `/r/`) from
    /// `invite links --format json`; a token is the same whatever address the links start with.
    private static func tokens(_ blueprint: BlueprintProcess, wedding: String) throws -> [String: String] {
        var tokens: [String: String] = [:]
        for entry in try json(blueprint, ["invite", "links", "--format", "json", "--wedding", wedding]) {
            let link = try #require(entry["link"] as? String)
            let token = try #require(link.range(of: "/r/").map { String(link[$0.upperBound...]) }, "\(link)")
            tokens[try #require(entry["household"] as? String).lowercased()] = token
        }
        return tokens
    }

    /// Runs the browser flow with the tokens in a JSON file; its status and output (both streams).
    private static func runFlow(baseURL: String, links: [String: String], blueprint: BlueprintProcess) async throws
        -> (status: Int32, output: String) {
        let linksFile = try blueprint.file(named: "links.json", String(decoding: try JSONEncoder().encode(links), as: UTF8.self))
        let outputFile = URL(fileURLWithPath: try blueprint.path(named: "flow.log"))
        try Data().write(to: outputFile)
        let output = try FileHandle(forWritingTo: outputFile)
        defer { try? output.close() }
        let flow = Process()
        flow.executableURL = URL(fileURLWithPath: python)
        flow.arguments = [script.path, baseURL, linksFile]
        flow.standardOutput = output
        flow.standardError = output
        try flow.run()
        let deadline = ContinuousClock.now + .seconds(240)
        while flow.isRunning {
            if ContinuousClock.now > deadline {
                flow.terminate()
                flow.waitUntilExit()
                return (-1, "timed out after 240 s:\n" + (try String(contentsOf: outputFile, encoding: .utf8)))
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        return (flow.terminationStatus, try String(contentsOf: outputFile, encoding: .utf8))
    }

    private static func guestsByName(_ blueprint: BlueprintProcess) throws -> [String: [String: Any]] {
        var guests: [String: [String: Any]] = [:]
        for guest in try json(blueprint, ["export", "guests", "--format", "json", "--wedding", wedding]) {
            guests["\(guest["firstName"] as? String ?? "") \(guest["lastName"] as? String ?? "")"] = guest
        }
        return guests
    }

    private static func json(_ blueprint: BlueprintProcess, _ arguments: [String]) throws -> [[String: Any]] {
        let text = try succeed(blueprint, arguments)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], "\(arguments): \(text)")
    }

    @discardableResult
    private static func succeed(_ blueprint: BlueprintProcess, _ arguments: [String]) throws -> String {
        let result = try blueprint.run(arguments)
        try #require(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }
}
