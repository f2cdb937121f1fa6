import Foundation
import Testing

/// `blueprint activity`: the feed of who changed what, across processes and people.
@Suite("blueprint activity")
struct ActivityCommandTests {
    @discardableResult
    private func succeed(_ blueprint: BlueprintProcess, _ arguments: [String], as name: String? = nil) throws -> String {
        var environment: [String: String] = [:]
        if let name {
            let home = blueprint.dataDirectory.deletingLastPathComponent().appendingPathComponent("config-\(name)")
            try FileManager.default.createDirectory(at: home.appendingPathComponent("blueprint"), withIntermediateDirectories: true)
            try Data("name = \"\(name)\"\n".utf8).write(to: home.appendingPathComponent("blueprint/config.toml"))
            environment["XDG_CONFIG_HOME"] = home.path
        }
        let result = try blueprint.run(arguments, environment: environment)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    @Test("every process's commits are listed newest first, each with the name its writer configured")
    func feedFollowsEveryProcess() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        try succeed(blueprint, ["demo", "--name", "Ana & Ben", "--guests", "12", "--seed", "3"], as: "Planner")
        let file = try blueprint.file(named: "menu.txt", "Three courses\n")
        try succeed(blueprint, ["doc", "add", file, "--title", "Menu \u{1B}[2J draft"], as: "Mei")
        try succeed(blueprint, ["wedding", "rename", "Ana & Ben", "Ana & Ben's wedding"], as: "Sam")

        let text = try succeed(blueprint, ["activity"])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "Sam changed the name to Ana & Ben's wedding · just now", "\(text)")
        #expect(lines.dropFirst().first?.hasPrefix("Mei added document Menu ␛[2J draft · ") == true, "\(text)")
        #expect(!text.contains("\u{1B}"), "the title is drawn sanitised")
        #expect(lines.dropFirst(2).allSatisfy { $0.hasPrefix("Planner added ") }, "\(text)")

        let json = try succeed(blueprint, ["activity", "--json", "--since", "1h"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(entries.map { $0["author"] as? String } == ["Sam", "Mei"] + Array(repeating: "Planner", count: entries.count - 2))
        let added = try #require(entries[1]["changes"] as? [[String: Any]])
        #expect(added.first?["kind"] as? String == "document" && added.first?["write"] as? String == "added")
        #expect(added.first?["name"] as? String == "Menu \u{1B}[2J draft", "JSON keeps the text, escaped")
    }

    @Test("a bad --since is refused naming the option, and an empty window says so")
    func window() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        try succeed(blueprint, ["demo", "--guests", "5"])
        let refused = try blueprint.run(["activity", "--since", "soon"])
        #expect(refused.status != 0 && refused.stderr.contains("--since"))
        #expect(try succeed(blueprint, ["activity", "--since", "0s"]).contains("No changes in that time."))
    }
}
