import Foundation
import Testing

/// `blueprint wedding list | create | rename | delete`, run as a user or a script would.
@Suite("blueprint wedding")
struct WeddingCommandTests {
    /// Runs `arguments` expecting success, and returns standard output.
    @discardableResult
    func succeed(_ blueprint: BlueprintProcess, _ arguments: [String]) throws -> String {
        let result = try blueprint.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    @Test("--wedding with the start of several names picks none, lists them, and nothing is changed or deleted")
    func ambiguousPrefix() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        for name in ["Ana & Ben", "Ana & Bob", "Carl & Dee"] { try succeed(blueprint, ["wedding", "create", name]) }
        let before = try blueprint.snapshot()
        for arguments in [["stats", "--wedding", "Ana"], ["export", "guests", "--wedding", "ana"], ["wedding", "delete", "Ana", "--yes"],
                          ["wedding", "rename", "Ana", "Zed"]] {
            let result = try blueprint.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("it is the start of 'Ana & Ben' and 'Ana & Bob': give the whole name or the id"),
                    "\(arguments): \(result.stderr)")
        }
        #expect(try blueprint.snapshot() == before)
    }

    @Test("an empty data directory says so and how to create a wedding; its JSON lists none")
    func listEmpty() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let text = try succeed(blueprint, ["wedding", "list"])
        #expect(text.contains("No weddings in \(blueprint.dataDirectory.path) yet"))
        #expect(text.contains("blueprint wedding create NAME"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try succeed(blueprint, ["wedding", "list", "--json"]).utf8))
            as? [String: Any])
        #expect(json["weddings"] as? [Any] != nil && (json["weddings"] as? [Any])!.isEmpty)
        #expect(json["dataDirectory"] as? String == blueprint.dataDirectory.path)
        #expect(try succeed(blueprint, ["wedding"]) == text, "list is the default wedding command")
    }

    @Test("create makes an empty wedding with its date, currency and budget; list shows one, then many, as a table and as JSON")
    func createAndList() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let created = try succeed(blueprint, ["wedding", "create", "Ana & Ben", "--date", "2030-06-20", "--currency", "eur",
                                              "--budget", "25,000", "--partner1", "Ana", "--partner2", "Ben"])
        #expect(created.hasPrefix("Created the wedding 'Ana & Ben' (id "))
        let one = try blueprint.listedWeddings()
        #expect(one.count == 1)
        let ana = try #require(one.first)
        #expect(ana["name"] as? String == "Ana & Ben")
        #expect(ana["date"] as? String == "2030-06-20")
        #expect((ana["daysToGo"] as? Int ?? 0) > 0)
        #expect(ana["guests"] as? Int == 0)
        #expect(ana["currency"] as? String == "EUR" && ana["minorDigits"] as? Int == 2)
        #expect(ana["totalBudget"] as? Int == 2_500_000)
        // A data directory's weddings are their owner's.
        #expect(ana["role"] as? String == "owner")
        #expect(Set(ana.keys) == ["id", "name", "date", "daysToGo", "guests", "currency", "minorDigits", "totalBudget", "role"])
        let anaID = try #require(ana["id"] as? String)
        #expect(created.contains(anaID))

        try succeed(blueprint, ["demo", "--name", "Cleo & Dev", "--guests", "12"])
        try succeed(blueprint, ["wedding", "create", "Zoë & 山田", "--currency", "JPY"])
        let many = try blueprint.listedWeddings()
        #expect(many.map { $0["name"] as? String } == ["Ana & Ben", "Cleo & Dev", "Zoë & 山田"])
        #expect(many.map { $0["guests"] as? Int } == [0, 12, 0])
        #expect(many[2]["date"] is NSNull && many[2]["daysToGo"] is NSNull)

        let table = try succeed(blueprint, ["wedding", "list"]).split(separator: "\n").map(String.init)
        #expect(table.count == 4)
        #expect(table[0].hasPrefix("NAME") && table[0].hasSuffix("ID"))
        #expect(table[1].hasPrefix("Ana & Ben") && table[1].contains("2030-06-20") && table[1].contains("days to go"))
        #expect(table[2].hasPrefix("Cleo & Dev") && table[2].contains(" 12 "))
        let zoeID = try #require(many[2]["id"] as? String)
        #expect(table[3].hasPrefix("Zoë & 山田") && table[3].hasSuffix(zoeID))
        let stats = try succeed(blueprint, ["stats", "--json", "--wedding", "ana & ben"])
        #expect(stats.contains("\"currency\" : \"EUR\""))
    }

    @Test("without --currency a new wedding takes the configuration file's currency, else US dollars")
    func currencyFromConfiguration() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        try succeed(blueprint, ["wedding", "create", "Plain"])
        let folder = blueprint.configurationHome.appendingPathComponent("blueprint", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "currency = \"EUR\"\n".write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        try succeed(blueprint, ["wedding", "create", "Configured"])
        try succeed(blueprint, ["wedding", "create", "Explicit", "--currency", "GBP"])
        let currencies = Dictionary(uniqueKeysWithValues: try blueprint.listedWeddings().map {
            ($0["name"] as? String ?? "", $0["currency"] as? String ?? "")
        })
        #expect(currencies == ["Plain": "USD", "Configured": "EUR", "Explicit": "GBP"])
    }

    @Test("a bad date, currency or budget is refused naming the option; nothing is created",
          arguments: [(["--date", "2030-02-30"], "--date: '2030-02-30' is not a date"),
                      (["--date", "June 20"], "--date: 'June 20' is not a date"),
                      (["--currency", "dollars"], "--currency: 'dollars' is not a currency code"),
                      (["--budget", "lots"], "--budget: 'lots' is not an amount"),
                      (["--budget=-5"], "--budget: the total budget cannot be negative"),
                      (["--budget", "-5"], "--budget: the total budget cannot be negative"),
                      (["--currency", "JPY", "--budget", "12.50"], "--budget: '12.50' has more than 0 decimal digits")])
    func badValues(options: [String], message: String) throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        try succeed(blueprint, ["wedding", "list"])
        let before = try blueprint.snapshot()
        let result = try blueprint.run(["wedding", "create", "Ana & Ben"] + options)
        #expect(result.status != 0)
        #expect(result.stderr.contains("no wedding created"))
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try blueprint.snapshot() == before)
        #expect(try blueprint.listedWeddings().isEmpty)
    }

    @Test("create --checklist adds the standard checklist, due before the date and never in the past")
    func checklist() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let date = Calendar(identifier: .gregorian).date(byAdding: .month, value: 8, to: Date())!
        let wedding = ISO8601DateFormatter.string(from: date, timeZone: .current, formatOptions: [.withFullDate])
        let today = ISO8601DateFormatter.string(from: Date(), timeZone: .current, formatOptions: [.withFullDate])
        let output = try succeed(blueprint, ["wedding", "create", "Ana & Ben", "--date", wedding, "--checklist"])
        #expect(output.contains("with 51 checklist tasks"), "\(output)")
        let tasks = try #require(try JSONSerialization.jsonObject(with: Data(try succeed(
            blueprint, ["export", "tasks", "--format", "json"]).utf8)) as? [[String: Any]])
        let dues = tasks.compactMap { $0["dueDate"] as? String }
        #expect(dues.count == 51)
        #expect(dues.allSatisfy { $0 >= today && $0 <= wedding }, "\(dues)")
        #expect(dues.contains(today), "tasks due 12 and 9 months before a wedding 8 months away are due today")
        #expect(dues.contains(wedding), "the day itself has its tasks")
        #expect(tasks.contains { $0["title"] as? String == "Book the venue" })
    }

    @Test("create --checklist without a date, or with a bad checklist file, names the problem and creates nothing")
    func badChecklist() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        try succeed(blueprint, ["wedding", "list"])
        let before = try blueprint.snapshot()
        let undated = try blueprint.run(["wedding", "create", "Ana & Ben", "--checklist"])
        #expect(undated.status != 0)
        #expect(undated.stderr.contains("--checklist: needs a date"), "\(undated.stderr)")
        let file = try blueprint.file(named: "mine.csv", "key,due,title\nvenue,12 months,Book the venue\nfav,3 fortnights,Bad\n")
        let bad = try blueprint.run(["wedding", "create", "Ana & Ben", "--date", "2030-06-01", "--checklist-file", file])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("mine.csv:3: column \"due\": 'fortnights' is not a unit of time"), "\(bad.stderr)")
        #expect(try blueprint.snapshot() == before)
        #expect(try blueprint.listedWeddings().isEmpty)

        let good = try blueprint.file(named: "ours.csv", "key,due,title\nvenue,12 months,Book the venue\nday,0 days,Get married\n")
        #expect(try succeed(blueprint, ["wedding", "create", "Ana & Ben", "--date", "2030-06-01", "--checklist-file", good])
            .contains("with 2 checklist tasks"))
        let exported = try succeed(blueprint, ["export", "tasks"])
        #expect(exported.contains("Book the venue") && exported.contains("2029-06-01") && exported.contains("2030-06-01"))
    }

    @Test("every problem is listed at once, and a blank name is one of them")
    func everyProblem() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let result = try blueprint.run(["wedding", "create", " ", "--date", "soon", "--currency", "€"])
        #expect(result.status != 0)
        for part in ["NAME: a wedding name is required", "--date: 'soon' is not a date", "--currency: '€' is not a currency code"] {
            #expect(result.stderr.contains(part), "\(result.stderr)")
        }
        #expect(try blueprint.listedWeddings().isEmpty)
    }

    @Test("a name another wedding answers to, in any case, is refused, so --wedding NAME stays unambiguous")
    func duplicateName() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        try succeed(blueprint, ["wedding", "create", "Ana & Ben"])
        let before = try blueprint.snapshot()
        let again = try blueprint.run(["wedding", "create", "  ana & BEN "])
        #expect(again.status != 0)
        #expect(again.stderr.contains("NAME: a wedding named 'Ana & Ben' already exists"))
        #expect(try blueprint.snapshot() == before)
        #expect(try blueprint.listedWeddings().count == 1)
    }

    @Test("rename: the wedding answers to its new name; another wedding's name is refused and changes nothing")
    func rename() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        try succeed(blueprint, ["wedding", "create", "Ana & Ben"])
        try succeed(blueprint, ["wedding", "create", "Cleo & Dev"])
        let id = try #require(try blueprint.listedWeddings().first?["id"] as? String)
        #expect(try succeed(blueprint, ["wedding", "rename", "ana & ben", "Ana & Benedict"]) == "Renamed 'Ana & Ben' to 'Ana & Benedict'.\n")
        let renamed = try blueprint.listedWeddings()
        #expect(renamed.map { $0["name"] as? String } == ["Ana & Benedict", "Cleo & Dev"])
        #expect(renamed.first?["id"] as? String == id)
        try succeed(blueprint, ["stats", "--wedding", "Ana & Benedict"])

        let before = try blueprint.snapshot()
        let clash = try blueprint.run(["wedding", "rename", id, "CLEO & DEV"])
        #expect(clash.status != 0)
        #expect(clash.stderr.contains("'Ana & Benedict' not renamed: NEW: a wedding named 'Cleo & Dev' already exists"))
        let missing = try blueprint.run(["wedding", "rename", "Nobody", "Somebody"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("no wedding named or with id 'Nobody'"))
        #expect(try blueprint.snapshot() == before)
    }

    @Test("delete --yes moves the wedding to the trash and says how to restore it; the restore works")
    func deleteWithYes() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        try succeed(blueprint, ["demo", "--name", "Ana & Ben", "--guests", "5"])
        try succeed(blueprint, ["wedding", "create", "Cleo & Dev"])
        let id = try #require(try blueprint.listedWeddings().first?["id"] as? String)
        let output = try succeed(blueprint, ["wedding", "delete", "Ana & Ben", "--yes"])
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.first == "Deleted the wedding 'Ana & Ben'.")
        let trash = blueprint.dataDirectory.path + "/trash/" + id + "-"
        let kept = try #require(lines.first { $0.hasPrefix("Its files are kept in ") }?.dropFirst("Its files are kept in ".count))
        #expect(kept.hasPrefix(trash))
        #expect(FileManager.default.fileExists(atPath: String(kept) + "/guests.json"))
        #expect(lines.last == "To restore it: mv '\(kept)' '\(blueprint.dataDirectory.path)/weddings/\(id)'")
        #expect(try blueprint.listedWeddings().map { $0["name"] as? String } == ["Cleo & Dev"])

        try FileManager.default.moveItem(atPath: String(kept), toPath: blueprint.dataDirectory.path + "/weddings/" + id)
        let restored = try blueprint.listedWeddings()
        #expect(restored.map { $0["name"] as? String } == ["Ana & Ben", "Cleo & Dev"])
        #expect(restored.first?["guests"] as? Int == 5)
    }

    @Test("delete without a terminal to ask on and without --yes is refused, and deletes nothing")
    func deleteRefusedWithoutATerminal() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        try succeed(blueprint, ["wedding", "create", "Ana & Ben"])
        let before = try blueprint.snapshot()
        let result = try blueprint.run(["wedding", "delete", "Ana & Ben"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("'Ana & Ben' not deleted: standard input is not a terminal"))
        #expect(result.stderr.contains("--yes"))
        #expect(try blueprint.snapshot() == before)
        let unknown = try blueprint.run(["wedding", "delete", "Nobody", "--yes"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("Nobody"))
    }

    @Test("on a terminal, delete asks with what the wedding holds; only yes deletes")
    func deleteAsksOnATerminal() async throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        try succeed(blueprint, ["demo", "--name", "Ana & Ben", "--guests", "7", "--vendors", "2", "--tasks", "3", "--expenses", "1"])

        let declined = try TmuxSession(blueprint, arguments: ["wedding", "delete", "Ana & Ben"])
        try await declined.waitFor("Delete the wedding 'Ana & Ben' with 7 guests, 2 vendors, 1 expense and 3 tasks? [y/N]")
        try declined.type("n")
        try declined.press("Enter")
        #expect(try await declined.waitForExit() != 0)
        #expect(try declined.screen().contains("'Ana & Ben' not deleted"))
        #expect(try blueprint.listedWeddings().count == 1)

        let confirmed = try TmuxSession(blueprint, arguments: ["wedding", "delete", "Ana & Ben"])
        try await confirmed.waitFor("[y/N]")
        try confirmed.type("y")
        try confirmed.press("Enter")
        #expect(try await confirmed.waitForExit() == 0)
        #expect(try confirmed.screen().contains("Deleted the wedding 'Ana & Ben'."))
        #expect(try blueprint.listedWeddings().isEmpty)
    }

    @Test("hostile names are printed neutralised by create, list, rename and delete, and kept exactly in the data")
    func hostileNames() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let hostile = "Evil\u{1B}]0;pwned\u{07}\u{1B}[2J \u{202E}Ben\r\u{9B}"
        func isNeutral(_ text: String) -> Bool {
            !text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E }
        }
        let results = [try blueprint.run(["wedding", "create", hostile]),
                       try blueprint.run(["wedding", "list"]),
                       try blueprint.run(["wedding", "list", "--json"]),
                       try blueprint.run(["wedding", "create", hostile]),
                       try blueprint.run(["wedding", "rename", hostile, hostile + "2"]),
                       try blueprint.run(["wedding", "delete", hostile + "2"]),
                       try blueprint.run(["wedding", "delete", hostile + "2", "--yes"])]
        #expect(results.map { $0.status == 0 } == [true, true, true, false, true, false, true])
        for result in results {
            #expect(isNeutral(result.stdout), "\(result.stdout.debugDescription)")
            #expect(isNeutral(result.stderr), "\(result.stderr.debugDescription)")
        }
        #expect(results[0].stdout.contains("Evil␛]0;pwned␇␛[2J Ben␍"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(results[2].stdout.utf8)) as? [String: Any])
        #expect((json["weddings"] as? [[String: Any]])?.first?["name"] as? String == hostile)
    }
}

extension BlueprintProcess {
    /// The weddings as `wedding list --json` lists them.
    func listedWeddings() throws -> [[String: Any]] {
        let result = try run(["wedding", "list", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(json["weddings"] as? [[String: Any]])
    }
}
