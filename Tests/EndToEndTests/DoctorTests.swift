import Foundation
import Glibc
import Testing

@Suite("blueprint doctor")
struct DoctorTests {
    /// A known terminal type and a UTF-8 locale, whatever the test runner's environment holds.
    static let goodTerminal = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "", "LC_CTYPE": "", "NO_COLOR": ""]

    /// A data directory with one small demo wedding; returns it and the wedding's folder.
    private func demoWedding(named name: String = "Ana & Ben") throws -> (BlueprintProcess, String) {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let demo = try blueprint.run(["demo", "--name", name, "--guests", "12", "--seed", "3"])
        #expect(demo.status == 0, "\(demo.stderr)")
        let weddings = blueprint.dataDirectory.appendingPathComponent("weddings").path
        let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: weddings).first)
        return (blueprint, weddings + "/" + folder)
    }

    /// The report's lines that carry `mark`.
    private func lines(_ output: String, marked mark: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("  \(mark) ") }
    }

    @Test("a healthy data directory: every check ok or a warning, exit 0, nothing changed")
    func healthy() throws {
        let (blueprint, _) = try demoWedding()
        let before = try blueprint.snapshot()

        let result = try blueprint.run(["doctor"], environment: Self.goodTerminal)

        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(lines(result.stdout, marked: "problem").isEmpty, "\(result.stdout)")
        #expect(result.stdout.contains("ok       TERM=xterm-256color is known to terminfo"))
        #expect(result.stdout.contains("ok       LANG=C.UTF-8: UTF-8"))
        #expect(result.stdout.contains("Data directory \(blueprint.dataDirectory.path) (from BLUEPRINT_DATA_DIR)"))
        #expect(result.stdout.contains("Wedding \"Ana & Ben\""))
        #expect(result.stdout.contains("ok       every file reads: 12 guests"))
        #expect(result.stdout.contains("ok       lock: free"))
        #expect(!result.stdout.contains("\u{1B}"), "no colour when the output is not a terminal")
        #expect(try blueprint.snapshot() == before)
    }

    @Test("a link in the data directory is a problem named with its path; a file of another user is a warning")
    func linksAndOwners() throws {
        let (blueprint, folder) = try demoWedding()
        let guests = folder + "/guests.json", vendors = folder + "/vendors.json"
        let outside = blueprint.dataDirectory.deletingLastPathComponent().appendingPathComponent("outside.json").path
        try FileManager.default.moveItem(atPath: guests, toPath: outside)
        try FileManager.default.createSymbolicLink(atPath: guests, withDestinationPath: outside)
        // Another user's file: made so by root; anyone else cannot give a file away, so the test
        // then needs root and says so by failing.
        #expect(chown(vendors, 65534, 65534) == 0, "giving a file to another user needs root")

        let result = try blueprint.run(["doctor"], environment: Self.goodTerminal)

        #expect(result.status == 1)
        let output = result.stdout.split(separator: "\n").map(String.init)
        let problem = try #require(output.firstIndex { $0 == "  problem  \(guests) is a symbolic link; blueprint does not follow links inside its data directory" },
                                   "\(result.stdout)")
        #expect(output[problem + 1].contains("fix: put the real file or folder there"))
        #expect(output.contains { $0.hasPrefix("  warning  \(vendors) belongs to ") && $0.hasSuffix(", not to you") }, "\(result.stdout)")
        #expect(lines(result.stdout, marked: "problem").count == 1, "the link is reported once: \(result.stdout)")

        let stats = try blueprint.run(["stats"])
        #expect(stats.status != 0)
        #expect(stats.stderr.contains("\(guests) is a symbolic link"), "\(stats.stderr)")
    }

    @Test("a corrupt file is a problem named with its path and line, followed by a fix; it stays where it is")
    func corruptFile() throws {
        let (blueprint, folder) = try demoWedding()
        let guests = folder + "/guests.json"
        try Data(#"{"journalGeneration": 1, "guests": [{"firstName": "#.utf8).write(to: URL(fileURLWithPath: guests))
        let before = try blueprint.snapshot()

        let result = try blueprint.run(["doctor"], environment: Self.goodTerminal)

        #expect(result.status == 1)
        let output = result.stdout.split(separator: "\n").map(String.init)
        let problem = try #require(output.firstIndex { $0.hasPrefix("  problem  \(guests) line 1 does not decode") },
                                   "\(result.stdout)")
        #expect(output[problem + 1].trimmingCharacters(in: .whitespaces).hasPrefix("fix: restore it from a backup"))
        #expect(result.stdout.contains("1 problem"))
        #expect(try blueprint.snapshot() == before, "not repaired, not moved aside")
    }

    @Test("records another program wrote that the planner refuses are warnings naming the record and field, with a fix")
    func recordsThePlannerRefuses() throws {
        let (blueprint, folder) = try demoWedding()
        func edit(_ file: String, _ table: String, _ change: (inout [String: Any]) -> Void) throws {
            let url = URL(fileURLWithPath: folder + "/" + file)
            var top = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            var records = try #require(top[table] as? [[String: Any]])
            change(&records[0])
            top[table] = records
            try JSONSerialization.data(withJSONObject: top).write(to: url)
        }
        var expense = "", guest = ""
        try edit("budget.json", "expenses") { record in
            record["amount"] = 999_999_999_999_999
            expense = record["name"] as? String ?? ""
        }
        try edit("guests.json", "guests") { record in
            record["plusOneAllowed"] = false
            record["plusOneName"] = "Sam"
            guest = "\(record["firstName"] as? String ?? "") \(record["lastName"] as? String ?? "")"
        }

        let result = try blueprint.run(["doctor"], environment: Self.goodTerminal)

        let warnings = lines(result.stdout, marked: "warning")
        #expect(warnings.contains("  warning  expense '\(expense)' amount is more than the largest amount allowed "
                                  + "(1,000,000,000,000 cents or other minor units)"), "\(result.stdout)")
        #expect(warnings.contains("  warning  guest '\(guest)' plusOneName: no plus-one is allowed, so the plus-one cannot be named"),
                "\(result.stdout)")
        #expect(result.stdout.contains("fix: the planner opens the wedding and shows it; correct the record there"))
    }

    @Test("an unknown TERM is a problem with a fix")
    func unknownTerminal() throws {
        let (blueprint, _) = try demoWedding()
        var environment = Self.goodTerminal
        environment["TERM"] = "no-such-terminal"

        let result = try blueprint.run(["doctor"], environment: environment)

        #expect(result.status == 1)
        let output = result.stdout.split(separator: "\n").map(String.init)
        let problem = try #require(output.firstIndex { $0.hasPrefix("  problem  TERM=no-such-terminal has no terminfo entry") },
                                   "\(result.stdout)")
        #expect(output[problem + 1].contains("fix: set TERM to a type installed here (`export TERM=xterm-256color`)"))
    }

    @Test("a locale that is not UTF-8 (LANG=C) is a warning that says what to set")
    func plainCLocale() throws {
        let (blueprint, _) = try demoWedding()
        var environment = Self.goodTerminal
        environment["LANG"] = "C"

        let result = try blueprint.run(["doctor"], environment: environment)

        #expect(result.status == 0, "a warning only: the planner itself switches to C.UTF-8")
        let output = result.stdout.split(separator: "\n").map(String.init)
        let warning = try #require(output.firstIndex { $0.hasPrefix("  warning  LANG=C is not UTF-8") }, "\(result.stdout)")
        #expect(output[warning + 1].contains("fix: `export LANG=C.UTF-8`"))
    }

    @Test("a data directory you may not write to is a problem with the chmod that fixes it")
    func readOnlyDirectory() throws {
        let (blueprint, _) = try demoWedding()
        let root = blueprint.dataDirectory.path
        chmod(root, 0o500)
        defer { chmod(root, 0o700) }

        let result = try blueprint.run(["doctor"], environment: Self.goodTerminal, honouringFileModes: true)

        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let output = result.stdout.split(separator: "\n").map(String.init)
        let problem = try #require(output.firstIndex { $0 == "  problem  \(root): you have no write access to it, which blueprint needs" },
                                   "\(result.stdout)")
        #expect(output[problem + 1].contains("fix: `chmod u+w '\(root)'`"))
        #expect(!result.stdout.contains("exists, and you may read and write it"))
    }

    @Test("the RSVP server's settings: a base URL that is not https and a proxy that is not an address are problems with a fix")
    func serveSettings() throws {
        let (blueprint, _) = try demoWedding()
        let folder = blueprint.configurationHome.appendingPathComponent("blueprint", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("""
            [serve]
            listen = "127.0.0.1:8080"
            base-url = "http://rsvp.example.com"
            trusted-proxy = "proxy.example.com"
            """.utf8).write(to: folder.appendingPathComponent("config.toml"))

        let result = try blueprint.run(["doctor"], environment: Self.goodTerminal)

        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("RSVP server (blueprint serve)"))
        #expect(result.stdout.contains("  ok       listen 127.0.0.1:8080"), "\(result.stdout)")
        let output = result.stdout.split(separator: "\n").map(String.init)
        let http = try #require(output.firstIndex { $0.hasPrefix("  problem  base-url http://rsvp.example.com is not https") }, "\(result.stdout)")
        #expect(output[http + 1].contains("fix: put a TLS proxy in front"))
        let proxy = try #require(output.firstIndex { $0.hasPrefix("  problem  trusted-proxy \"proxy.example.com\" is not an IP address") },
                                 "\(result.stdout)")
        #expect(output[proxy + 1].contains("fix: write the address the proxy connects from"))
    }

    @Test("an invitation secret others may read is a problem with the chmod that fixes it; 0600 is ok")
    func invitationSecretMode() throws {
        let (blueprint, folder) = try demoWedding()
        #expect(try blueprint.run(["invite", "links"]).status == 0)
        let secret = folder + "/invitation-secret"
        let healthy = try blueprint.run(["doctor"], environment: Self.goodTerminal)
        #expect(healthy.stdout.contains("  ok       \(secret) is readable by its owner only"), "\(healthy.stdout)")

        chmod(secret, 0o644)
        let result = try blueprint.run(["doctor"], environment: Self.goodTerminal)

        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let output = result.stdout.split(separator: "\n").map(String.init)
        let problem = try #require(output.firstIndex { $0.hasPrefix("  problem  \(secret) has mode 644") }, "\(result.stdout)")
        #expect(output[problem + 1].contains("fix: chmod 600 \(secret)"))
    }

    @Test("names from the disk are shown sanitised: no escape sequence reaches the terminal")
    func hostileNames() throws {
        let hostile = "x\u{1B}]0;owned\u{07}\u{1B}[2J"
        let (blueprint, folder) = try demoWedding(named: "Ana \(hostile)")
        let weddings = (folder as NSString).deletingLastPathComponent
        #expect(FileManager.default.createFile(atPath: weddings + "/" + hostile, contents: Data()))
        #expect(FileManager.default.createFile(atPath: folder + "/guests.json.corrupt-" + hostile, contents: Data("{".utf8)))

        let result = try blueprint.run(["doctor"], environment: Self.goodTerminal)

        #expect(result.status == 0, "\(result.stdout)")
        #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(result.stdout)")
        #expect(result.stdout.contains("Wedding \"Ana x␛]0;owned␇␛[2J\" (\(folder))"))
        #expect(result.stdout.contains("warning  \(weddings)/x␛]0;owned␇␛[2J is not a wedding folder"))
        #expect(result.stdout.contains("warning  \(folder)/guests.json.corrupt-x␛]0;owned␇␛[2J is a damaged copy"))
    }
}
