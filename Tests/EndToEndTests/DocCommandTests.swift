import Foundation
import Testing

/// `blueprint doc add | list | export | delete | restore`, and `doctor` on the stored files, run
/// as a user or a script would.
@Suite("blueprint doc")
struct DocCommandTests {
    /// Bytes no text tool would keep: NULs, a bare CR, an escape sequence, invalid UTF-8.
    static let binary = Data([0x00, 0x01, 0x0d, 0x1b, 0x5b, 0x32, 0x4a, 0xff, 0xfe, 0x00] + Array(0...255).map(UInt8.init))

    @discardableResult
    private func succeed(_ blueprint: BlueprintProcess, _ arguments: [String]) throws -> String {
        let result = try blueprint.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    /// A demo wedding and a folder for the test's files.
    private func demo() throws -> (BlueprintProcess, URL) {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        try succeed(blueprint, ["demo", "--name", "Ana & Ben", "--guests", "12", "--seed", "3"])
        let files = blueprint.dataDirectory.deletingLastPathComponent().appendingPathComponent("files", isDirectory: true)
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        return (blueprint, files)
    }

    private func listed(_ blueprint: BlueprintProcess, trash: Bool = false) throws -> [[String: Any]] {
        let text = try succeed(blueprint, ["doc", "list", "--json"] + (trash ? ["--trash"] : []))
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    @Test("add to a vendor, list, export byte-identical, delete to the trash and restore; doctor stays clean")
    func lifecycle() throws {
        let (blueprint, files) = try demo()
        let demoDocuments = try listed(blueprint)
        let vendor = try #require(demoDocuments.first { $0["subjectKind"] as? String == "vendor" }?["subjectName"] as? String)
        let source = files.appendingPathComponent("contract.bin")
        try Self.binary.write(to: source)

        let added = try succeed(blueprint, ["doc", "add", source.path, "--vendor", vendor.lowercased(), "--title", "Signed contract"])
        #expect(added.hasPrefix("Attached \"Signed contract\" ("))
        try succeed(blueprint, ["doc", "add", source.path])
        let documents = try listed(blueprint)
        #expect(documents.count == demoDocuments.count + 2)
        let mine = try #require(documents.first { $0["title"] as? String == "Signed contract" })
        #expect(mine["subjectName"] as? String == vendor)
        #expect(mine["byteCount"] as? Int == Self.binary.count)
        #expect(mine["fileName"] as? String == "contract.bin")
        let copy = try #require(documents.first { $0["title"] as? String == "contract.bin" })
        #expect(copy["subjectKind"] as? String == "wedding")
        #expect(copy["path"] as? String == mine["path"] as? String, "the same bytes are stored once")
        let stored = try #require(mine["path"] as? String)
        let folder = (stored as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == demoDocuments.count + 1)
        let id = try #require(mine["id"] as? String)
        let table = try succeed(blueprint, ["doc", "list"])
        #expect(table.contains(String(id.prefix(8)) + "  Signed contract"))

        let exported = files.appendingPathComponent("out.bin")
        try succeed(blueprint, ["doc", "export", String(id.prefix(8)), "-o", exported.path])
        #expect(FileManager.default.contents(atPath: exported.path) == Self.binary)
        let again = try blueprint.run(["doc", "export", String(id.prefix(8)), "-o", exported.path])
        #expect(again.status == 1)
        #expect(again.stderr.contains("already exists"))
        try succeed(blueprint, ["doc", "export", id, "-o", exported.path, "--force"])

        try succeed(blueprint, ["doc", "delete", String(id.prefix(6))])
        #expect(try listed(blueprint).count == demoDocuments.count + 1)
        #expect(try listed(blueprint, trash: true).map { $0["id"] as? String } == [id])
        #expect(FileManager.default.fileExists(atPath: stored), "the trash keeps the bytes")
        try succeed(blueprint, ["doc", "restore", String(id.prefix(6))])
        #expect(try listed(blueprint).count == demoDocuments.count + 2)
        #expect(try listed(blueprint, trash: true).isEmpty)

        let doctor = try blueprint.run(["doctor"], environment: DoctorTests.goodTerminal)
        #expect(doctor.status == 0, "\(doctor.stdout)")
        #expect(doctor.stdout.contains("ok       \(demoDocuments.count + 2) documents: every stored file is there and matches its SHA-256"))
    }

    @Test("a missing file, a folder, an unknown vendor and an unknown id are refused by name, and nothing changes")
    func refusals() throws {
        let (blueprint, files) = try demo()
        let source = files.appendingPathComponent("quote.txt")
        try Data("quote".utf8).write(to: source)
        let before = try blueprint.snapshot()
        let cases: [([String], String)] = [
            (["doc", "add", files.path + "/nope.pdf"], "FILE '\(files.path)/nope.pdf' does not exist"),
            (["doc", "add", files.path], "FILE '\(files.path)' is a folder"),
            (["doc", "add", source.path, "--vendor", "Nobody At All"], "no vendor named 'Nobody At All'"),
            (["doc", "add", source.path, "--expense", "Nothing Like It"], "no expense named 'Nothing Like It'"),
            (["doc", "export", "zzzz", "-o", files.path + "/x"], "no document with an id starting 'zzzz'"),
            (["doc", "delete", "zzzz"], "no document with an id starting 'zzzz'"),
        ]
        for (arguments, message) in cases {
            let result = try blueprint.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(try blueprint.snapshot() == before)
    }

    @Test("hostile file names and titles never reach the terminal raw and never name a path")
    func hostileNames() throws {
        let (blueprint, files) = try demo()
        let name = "..\u{1b}]0;owned\u{7}\n'x\".txt"
        let source = files.appendingPathComponent(name)
        try Data("x".utf8).write(to: source)
        let added = try succeed(blueprint, ["doc", "add", source.path, "--title", "../../\u{1b}[2Jtitle\nline"])
        let table = try succeed(blueprint, ["doc", "list"])
        let json = try succeed(blueprint, ["doc", "list", "--json"])
        for output in [added, table, json] {
            #expect(!output.contains("\u{1b}") && !output.contains("\u{7}"), "\(output)")
        }
        #expect(table.contains("../../␛[2Jtitle␊line"))
        let snapshot = try blueprint.snapshot().keys
        #expect(snapshot.allSatisfy { !$0.contains("owned") && !$0.contains("title") })
    }

    @Test("doctor reports a missing and an altered stored file with its path and the document's title")
    func doctorFindsDamage() throws {
        let (blueprint, _) = try demo()
        let documents = try listed(blueprint)
        #expect(documents.count >= 2)
        let lost = try #require(documents[0]["path"] as? String), altered = try #require(documents[1]["path"] as? String)
        try FileManager.default.removeItem(atPath: lost)
        try Data("changed".utf8).write(to: URL(fileURLWithPath: altered))
        let before = try blueprint.snapshot()

        let result = try blueprint.run(["doctor"], environment: DoctorTests.goodTerminal)

        #expect(result.status != 0)
        let title0 = try #require(documents[0]["title"] as? String), title1 = try #require(documents[1]["title"] as? String)
        #expect(result.stdout.contains("the document \"\(title0)\" (\(String((documents[0]["id"] as! String).prefix(8))))"
                                       + " has no stored file: \(lost) is missing"), "\(result.stdout)")
        #expect(result.stdout.contains("the document \"\(title1)\" (\(String((documents[1]["id"] as! String).prefix(8))))"
                                       + " was altered: \(altered) no longer matches its SHA-256"), "\(result.stdout)")
        #expect(try blueprint.snapshot() == before)
    }
}
