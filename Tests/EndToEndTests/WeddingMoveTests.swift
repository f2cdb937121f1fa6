import BlueprintTestProcesses
import Foundation
import Testing

/// Moving data between weddings (issue #23): guests, vendors and expenses exported from one
/// wedding imported into another with other partners and meal options, a folder of them in one
/// write, and a whole wedding as one file that comes back byte for byte.
@Suite("Moving data between weddings")
struct WeddingMoveTests {
    /// A data directory with the demo wedding "Demo" and an empty "Cleo & Dan" with two meal options.
    private func twoWeddings() throws -> BlueprintProcess {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["demo", "--name", "Demo", "--guests", "30", "--vendors", "6", "--expenses", "12"]).status == 0)
        #expect(try blueprint.run(["wedding", "create", "Cleo & Dan", "--partner1", "Cleo Park", "--partner2", "Dan Reyes"]).status == 0)
        let set = try blueprint.run(["wedding", "set", "--wedding", "Cleo & Dan", "--meal-options", "Chicken,Vegan"])
        #expect(set.status == 0, "\(set.stderr)")
        return blueprint
    }

    /// A new, empty folder beside the data directory.
    private func folder(_ name: String, of blueprint: BlueprintProcess) throws -> String {
        let url = blueprint.dataDirectory.deletingLastPathComponent().appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    /// Exports the demo's guests, vendors and expenses as CSV into `folder`.
    private func exportDemo(of blueprint: BlueprintProcess, into folder: String) throws {
        for kind in ["guests", "vendors", "expenses"] {
            let result = try blueprint.run(["export", kind, "--wedding", "Demo", "-o", "\(folder)/\(kind).csv"])
            #expect(result.status == 0, "\(result.stderr)")
        }
    }

    private func contents(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// An expenses CSV without its status column: the status is worked out from the money, and
    /// a CSV file does not carry installments, so a part-paid expense reads "Due" after moving
    /// (the JSON export carries them: see `jsonFolder`).
    private func withoutStatus(_ csv: String) -> [String] {
        let lines = csv.split(separator: "\n", omittingEmptySubsequences: false)
        guard let status = lines.first?.split(separator: ",").firstIndex(of: "Payment Status") else { return lines.map(String.init) }
        return lines.map { line in
            var cells = line.split(separator: ",", omittingEmptySubsequences: false)
            if cells.indices.contains(status) { cells.remove(at: status) }
            return cells.joined(separator: ",")
        }
    }

    @Test("each file exported from the demo imports into a wedding with other partners and fewer meal options")
    func filesOneByOne() throws {
        let blueprint = try twoWeddings()
        let files = try folder("moved", of: blueprint)
        try exportDemo(of: blueprint, into: files)
        let into = ["--wedding", "Cleo & Dan"]
        let before = try blueprint.snapshot()

        let expensesFirst = try blueprint.run(["import", "expenses", "\(files)/expenses.csv"] + into)
        #expect(expensesFirst.status != 0)
        #expect(expensesFirst.stderr.contains("there is no vendor named"), "\(expensesFirst.stderr)")

        let dry = try blueprint.run(["import", "guests", "\(files)/guests.csv", "--dry-run"] + into)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("guests.csv: would add 30 guests"), "\(dry.stdout)")
        #expect(dry.stdout.contains("new meal options: "), "\(dry.stdout)")
        #expect(dry.stdout.contains("\"Invited By\" naming neither partner, read as both: "), "\(dry.stdout)")
        #expect(dry.stdout.contains("the import would be refused: meal options the wedding lacks: "), "\(dry.stdout)")
        let refused = try blueprint.run(["import", "guests", "\(files)/guests.csv"] + into)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("(it has Chicken, Vegan); give --add-meal-options to add them; nothing was imported"),
                "\(refused.stderr)")
        #expect(try blueprint.snapshot() == before, "nothing refused was written")

        let guests = try blueprint.run(["import", "guests", "\(files)/guests.csv", "--add-meal-options"] + into)
        #expect(guests.status == 0, "\(guests.stderr)")
        #expect(guests.stdout == "imported guests: 30 added, 0 updated, 0 unchanged\n")
        let vendors = try blueprint.run(["import", "vendors", "\(files)/vendors.csv"] + into)
        #expect(vendors.status == 0, "\(vendors.stderr)")
        let expenses = try blueprint.run(["import", "expenses", "\(files)/expenses.csv"] + into)
        #expect(expenses.status == 0, "\(expenses.stderr)")

        // Vendors and expenses read back as the demo has them: categories by name, vendors by name.
        for kind in ["vendors", "expenses"] {
            let moved = try blueprint.run(["export", kind] + into)
            #expect(withoutStatus(moved.stdout) == withoutStatus(try contents("\(files)/\(kind).csv")), "\(kind) differ after the move")
        }
        let meals = try blueprint.run(["export", "guests"] + into).stdout
        #expect(meals.split(separator: "\n").count == 31)
    }

    @Test("import all reads a folder, vendors before expenses, in one write; one bad file writes nothing")
    func wholeFolder() throws {
        let blueprint = try twoWeddings()
        let files = try folder("all", of: blueprint)
        try exportDemo(of: blueprint, into: files)
        let into = ["--wedding", "Cleo & Dan"]
        let before = try blueprint.snapshot()

        let dry = try blueprint.run(["import", "all", files, "--dry-run", "--add-meal-options"] + into)
        #expect(dry.status == 0, "\(dry.stderr)")
        let lines = dry.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(dry.stdout)")
        #expect(lines.first?.hasPrefix("vendors.csv: would add 6 vendors") == true, "\(dry.stdout)")
        #expect(lines.dropFirst().first?.hasPrefix("expenses.csv: would add 12 expenses") == true, "\(dry.stdout)")
        #expect(try blueprint.snapshot() == before)

        let broken = try folder("broken", of: blueprint)
        try FileManager.default.copyItem(atPath: "\(files)/vendors.csv", toPath: "\(broken)/vendors.csv")
        try Data("First Name,Email\nAna,ana@\n".utf8).write(to: URL(fileURLWithPath: "\(broken)/guests.csv"))
        let bad = try blueprint.run(["import", "all", broken] + into)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("guests.csv:2: column \"Email\""), "\(bad.stderr)")
        #expect(try blueprint.snapshot() == before, "the good vendors file was not written either")

        let all = try blueprint.run(["import", "all", files, "--add-meal-options"] + into)
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdout == "imported vendors: 6 added, 0 updated, 0 unchanged\n"
                + "imported expenses: 12 added, 0 updated, 0 unchanged\n"
                + "imported guests: 30 added, 0 updated, 0 unchanged\n")
        let expenses = try blueprint.run(["export", "expenses"] + into)
        #expect(withoutStatus(expenses.stdout) == withoutStatus(try contents("\(files)/expenses.csv")))

        let empty = try folder("empty", of: blueprint)
        let none = try blueprint.run(["import", "all", empty] + into)
        #expect(none.status != 0)
        #expect(none.stderr.contains("has none of the files `import all` reads: categories.json, vendors.csv"), "\(none.stderr)")
    }

    @Test("export all --format json → import all into another wedding: installments and allocations come back")
    func jsonFolder() throws {
        let blueprint = try twoWeddings()
        let files = try folder("json", of: blueprint)
        let exported = try blueprint.run(["export", "all", "--format", "json", "--wedding", "Demo", "-o", files])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: files).sorted()
                == ["categories.json", "expenses.json", "guests.json", "vendors.json"])
        let into = ["--wedding", "Cleo & Dan"]
        let imported = try blueprint.run(["import", "all", files, "--add-meal-options"] + into)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("imported budget categories: "), "\(imported.stdout)")

        /// Each expense's payments, shares, category and vendor, by id.
        func payments(_ json: String) throws -> [String: String] {
            let records = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
            var byID: [String: String] = [:]
            for record in records {
                let kept = record.filter { ["installments", "allocations", "categoryID", "vendorID", "amount"].contains($0.key) }
                let text = try JSONSerialization.data(withJSONObject: kept, options: [.sortedKeys])
                byID[try #require(record["id"] as? String)] = String(decoding: text, as: UTF8.self)
            }
            return byID
        }
        let original = try payments(try contents("\(files)/expenses.json"))
        let moved = try payments(try blueprint.run(["export", "expenses", "--format", "json"] + into).stdout)
        #expect(original.count == 12)
        #expect(moved == original)
        #expect(original.values.contains { $0.contains("\"installments\":[{") }, "the demo has installments to carry")

        let again = try blueprint.run(["import", "expenses", "\(files)/expenses.json", "--mode", "merge"] + into)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout == "imported expenses: 0 added, 0 updated, 12 unchanged\n")
        let bad = try blueprint.file(named: "bad.json", #"[{"name": "Cake"}]"#)
        let refused = try blueprint.run(["import", "expenses", bad] + into)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("bad.json: record 1, "), "\(refused.stderr)")
    }

    @Test("a wedding archive imports into the database, and exports from it the same bytes")
    func wholeWeddingIntoTheDatabase() throws {
        let here = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try here.run(["demo", "--name", "Demo", "--guests", "25"]).status == 0)
        let archive = try here.path(named: "demo-wedding.json")
        #expect(try here.run(["export", "wedding", "-o", archive]).status == 0)

        let url = try PostgresTestCluster.shared().makeDatabase()
        let there = try BlueprintProcess.withTemporaryDataDirectory()
        let migrated = try there.run(["db", "migrate", "--database", url])
        #expect(migrated.status == 0, "\(migrated.stderr)")
        let imported = try there.run(["import", "wedding", archive, "--database", url])
        #expect(imported.status == 0, "\(imported.stderr)")
        let again = try there.path(named: "again.json")
        let exported = try there.run(["export", "wedding", "-o", again, "--database", url])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == (try Data(contentsOf: URL(fileURLWithPath: archive))))
        let twice = try there.run(["import", "wedding", archive, "--database", url])
        #expect(twice.status != 0)
        #expect(twice.stderr.contains("already has the wedding 'Demo'"), "\(twice.stderr)")
    }

    @Test("the planner's :import reads another wedding's partners as both, asks to add the meal options the wedding lacks, and creates missing budget categories")
    func plannerImport() async throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["wedding", "create", "Cleo & Dan", "--partner1", "Cleo Park", "--partner2", "Dan Reyes"]).status == 0)
        let tmux = try TmuxSession(blueprint, columns: 160)
        try await tmux.waitFor("0 guests")
        let meals = try blueprint.file(named: "meals.csv", "First Name,Meal\nAnn,Lobster\n")
        try tmux.press(":")
        try tmux.type("import guests \(meals)")
        try tmux.press("Enter")
        try await tmux.waitFor("meals.csv has guests who chose “Lobster”")
        try tmux.press("n")
        try await tmux.waitFor("Nothing was imported from meals.csv")
        try tmux.press(":")
        try tmux.type("import guests \(meals)")
        try tmux.press("Enter")
        try await tmux.waitFor("meals.csv has guests who chose “Lobster”")
        try tmux.press("y")
        try await tmux.waitFor("Imported guests from meals.csv: 1 added, 0 updated; meal options added: Lobster")
        try tmux.press("u")
        try await tmux.waitFor("0 guests")
        let sides = try blueprint.file(named: "sides.csv", "First Name,Invited By\nAnn,Mei\nBo,Cleo\n")
        try tmux.press(":")
        try tmux.type("import guests \(sides)")
        try tmux.press("Enter")
        try await tmux.waitFor("Imported guests from sides.csv: 2 added, 0 updated; read as invited by both: \"Mei\" (1)")
        let vendors = try blueprint.file(named: "vendors.csv", "Vendor Name,Budget Category\nSparks Ltd,Fireworks\n")
        try tmux.press(":")
        try tmux.type("import vendors \(vendors)")
        try tmux.press("Enter")
        try await tmux.waitFor("Imported vendors from vendors.csv: 1 added, 0 updated; new budget categories: Fireworks")
        try tmux.press(":")
        try tmux.type("q")
        try tmux.press("Enter")
        #expect(try await tmux.waitForExit() == 0)
        let wedding = try blueprint.run(["export", "wedding", "-o", "-"])
        #expect(wedding.status == 0 && wedding.stdout.contains("\"mealOptions\""), "\(wedding.stderr)")
        #expect(!wedding.stdout.contains("Lobster"), "the undo took the meal option back with the guest")
        #expect(wedding.stdout.contains("\"Bo\""))
        #expect(wedding.stdout.contains("\"Fireworks\"") && wedding.stdout.contains("\"Sparks Ltd\""))
    }

    @Test("export wedding → import wedding into an empty data directory → export wedding gives the same bytes")
    func wholeWedding() throws {
        let here = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try here.run(["demo", "--name", "Demo", "--guests", "40"]).status == 0)
        let archive = try here.path(named: "demo-wedding.json")
        let exported = try here.run(["export", "wedding", "-o", archive])
        #expect(exported.status == 0, "\(exported.stderr)")
        let original = try Data(contentsOf: URL(fileURLWithPath: archive))

        let there = try BlueprintProcess.withTemporaryDataDirectory()
        let dry = try there.run(["import", "wedding", archive, "--dry-run"])
        #expect(dry.stdout.hasPrefix("would import the wedding 'Demo' (40 guests, "), "\(dry.stdout)")
        #expect(try there.snapshot().isEmpty)
        let imported = try there.run(["import", "wedding", archive])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("Imported the wedding 'Demo' (40 guests, "), "\(imported.stdout)")
        let again = try there.path(named: "again.json")
        #expect(try there.run(["export", "wedding", "-o", again]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == original, "the archive changed on the way")
        #expect(try there.snapshot().keys.contains { $0.contains("/documents/") }, "the documents' files came along")

        let before = try there.snapshot()
        let twice = try there.run(["import", "wedding", archive])
        #expect(twice.status != 0)
        #expect(twice.stderr.contains("already has the wedding 'Demo'"), "\(twice.stderr)")
        #expect(twice.stderr.contains("nothing was imported; --new-id imports it as another wedding"), "\(twice.stderr)")
        #expect(try there.snapshot() == before)
        let copy = try there.run(["import", "wedding", archive, "--new-id"])
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(try there.run(["wedding", "list"]).stdout.components(separatedBy: "Demo").count == 3)
    }
}
