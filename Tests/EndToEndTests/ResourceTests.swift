import Foundation
import Testing

/// What ships in `Resources/` works as the README says.
@Suite("Resources")
struct ResourceTests {
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources")

    @Test("each CSV template imports into a new wedding as it stands, every column recognised", arguments: ["guests", "vendors", "expenses"])
    func templatesImport(kind: String) throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["demo", "--guests", "10", "--seed", "3"]).status == 0)
        let template = Self.resources.appendingPathComponent("templates/\(kind).csv").path
        let imported = try blueprint.run(["import", kind, template])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("2 added"), "\(imported.stdout)")
        #expect(!imported.stdout.lowercased().contains("ignored") && !imported.stderr.lowercased().contains("ignored"),
                "\(imported.stdout)\(imported.stderr)")
    }

    @Test("no template cell would run as a formula in a spreadsheet", arguments: ["guests", "vendors", "expenses"])
    func templatesAreSpreadsheetSafe(kind: String) throws {
        let text = try String(contentsOf: Self.resources.appendingPathComponent("templates/\(kind).csv"), encoding: .utf8)
        for line in text.split(separator: "\n") {
            for cell in line.split(separator: ",", omittingEmptySubsequences: false) {
                #expect(!(cell.first.map { "=+-@\t".contains($0) } ?? false), "\(kind).csv: \(cell)")
            }
        }
    }

    /// The man page is generated from the argument parser (`swift package --disable-sandbox plugin
    /// generate-manual --configuration debug --authors "I Do Blueprint engineers" -o Resources/man`); regenerate
    /// it when this fails.
    @Test("Resources/man/blueprint.1 has every command and option the binary knows, with its help")
    func manPageIsCurrent() throws {
        let page = try String(contentsOf: Self.resources.appendingPathComponent("man/blueprint.1"), encoding: .utf8)
        let dump = try BlueprintProcess.withTemporaryDataDirectory().run(["--experimental-dump-help"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        var missing: [String] = []
        func check(_ command: [String: Any], isRoot: Bool) {
            guard command["shouldDisplay"] as? Bool != false, let name = command["commandName"] as? String, name != "help" else { return }
            if !isRoot && !page.contains(".It Em \(name)\n") { missing.append("command \(name)") }
            if let abstract = command["abstract"] as? String, !page.contains(abstract) { missing.append("abstract of \(name)") }
            for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["shouldDisplay"] as? Bool != false {
                let names = (argument["names"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "long" }
                for long in names.compactMap({ $0["name"] as? String }) where !page.contains("Fl -\(long)") && !page.contains(" , -\(long)") {
                    missing.append("\(name) --\(long)")
                }
                if let abstract = argument["abstract"] as? String, !page.contains(abstract) { missing.append("help of \(name) \(argument["valueName"] ?? "")") }
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { check(sub, isRoot: false) }
        }
        check(try #require(root["command"] as? [String: Any]), isRoot: true)
        #expect(missing.isEmpty, "the man page lacks: \(missing)")
    }
}
