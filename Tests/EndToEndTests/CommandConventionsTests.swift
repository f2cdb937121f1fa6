import Foundation
import Testing

/// The command line behaves as git and kubectl users expect: shared options before the command's
/// name, `-o -` for standard output, output names of any shape handled without a crash, an
/// existing file kept unless `--force`.
@Suite("command-line conventions")
struct CommandConventionsTests {
    @Test("--data-dir, --data-dir= and --wedding may come before the command's name, at any depth")
    func sharedOptionsBeforeTheCommand() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        // A data directory other than the one the environment names: only the option can point there.
        let other = blueprint.dataDirectory.deletingLastPathComponent().appendingPathComponent("other").path

        let created = try blueprint.run(["--data-dir", other, "wedding", "create", "Ana & Ben", "--date", "2031-06-01"])
        #expect(created.status == 0, "\(created.stderr)")
        let stats = try blueprint.run(["--data-dir", other, "stats", "--json"])
        #expect(stats.status == 0, "\(stats.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        #expect((json["wedding"] as? [String: Any])?["name"] as? String == "Ana & Ben")

        let listed = try blueprint.run(["--data-dir=\(other)", "wedding", "list"])
        #expect(listed.status == 0 && listed.stdout.contains("Ana & Ben"), "\(listed.stderr)")
        let set = try blueprint.run(["--data-dir", other, "--wedding", "Ana & Ben", "wedding", "set", "--budget", "30000"])
        #expect(set.status == 0, "\(set.stderr)")
        let after = try blueprint.run(["stats", "--json", "--data-dir", other])
        #expect(after.stdout.contains("\"totalBudget\" : 3000000"), "\(after.stdout)")

        #expect(try blueprint.run(["wedding", "list"]).stdout.contains("Ana & Ben") == false,
                "the environment's data directory was not written")
    }

    @Test("an option the command does not have is still refused, by its name")
    func unknownOptionStillRefused() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let result = try blueprint.run(["--data-dir", blueprint.dataDirectory.path, "stats", "--nonsense"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Unknown option '--nonsense'"), "\(result.stderr)")
    }

    @Test("doc export -o takes any name: one character, - for standard output; folders and missing folders are refused in words")
    func outputNames() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["demo", "--guests", "12", "--seed", "3"]).status == 0)
        let list = try blueprint.run(["doc", "list", "--json"])
        let documents = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        let id = try #require(documents.first?["id"] as? String)
        let work = blueprint.dataDirectory.deletingLastPathComponent().appendingPathComponent("work", isDirectory: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)

        for name in ["a", "./-x", "with space", "é"] {
            let result = try blueprint.run(["doc", "export", id, "-o", name], in: work)
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent(name).path), "\(name)")
        }
        let written = try Data(contentsOf: work.appendingPathComponent("a"))

        let standardOutput = try blueprint.run(["doc", "export", id, "-o", "-"], in: work)
        #expect(standardOutput.status == 0, "\(standardOutput.stderr)")
        #expect(Data(standardOutput.stdout.utf8) == written)
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("-").path), "- is standard output, not a file")

        let refusals = [(".", "'.' names a folder"), ("..", "'..' names a folder"), ("/", "'/' names a folder"),
                        ("sub/", "'sub/' names a folder"), ("missing/out.txt", "the folder 'missing' does not exist"),
                        ("a", "'a' already exists; choose another name, or pass --force to replace it")]
        for (name, message) in refusals {
            let result = try blueprint.run(["doc", "export", id, "-o", name], in: work)
            #expect(result.status == 1, "\(name)")
            #expect(result.stderr.contains(message), "\(name): \(result.stderr)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: work.path).sorted()
        #expect(left == ["-x", "a", "with space", "é"], "nothing else was made, no temporary file left: \(left)")
        #expect(try blueprint.run(["doc", "export", id, "-o", "a", "--force"], in: work).status == 0)
    }

    @Test("every export keeps an existing file unless --force, and - is standard output")
    func exportKeepsAnExistingFile() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["demo", "--guests", "12", "--seed", "3"]).status == 0)
        let path = try blueprint.file(named: "guests.csv", "mine\n")
        for kind in ["guests", "calendar", "runsheet", "wedding"] {
            let refused = try blueprint.run(["export", kind, "-o", path])
            #expect(refused.status == 1, "\(kind)")
            #expect(refused.stderr.contains("already exists; choose another name, or pass --force to replace it"), "\(kind): \(refused.stderr)")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine\n", "\(kind)")
        }
        let forced = try blueprint.run(["export", "guests", "-o", path, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("Full Name,First Name,"))
        let standardOutput = try blueprint.run(["export", "guests", "-o", "-"])
        #expect(standardOutput.status == 0 && standardOutput.stdout.hasPrefix("Full Name,First Name,"), "\(standardOutput.stderr)")

        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("all").path
        #expect(try blueprint.run(["export", "all", "-o", folder]).status == 0)
        let again = try blueprint.run(["export", "all", "-o", folder])
        #expect(again.status == 1 && again.stderr.contains("vendors.csv' already exists"), "\(again.stderr)")
        #expect(try blueprint.run(["export", "all", "-o", folder, "--force"]).status == 0)
    }

    @Test("an argument that is not UTF-8 is refused before anything runs, by its position")
    func nonUTF8Argument() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["wedding", "create", "Ana & Ben"]).status == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The shell makes the byte 0xFF, which no Swift string can carry.
        process.arguments = ["-c", "exec \"$0\" export guests -o \"$(printf 'x\\377')\"", BlueprintProcess.executable.path]
        process.environment = blueprint.environment([:])
        let work = blueprint.dataDirectory.deletingLastPathComponent()
        process.currentDirectoryURL = work
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
        #expect(message.contains("argument 4 is not UTF-8 text"), "\(message)")
        let made = try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.hasPrefix("x") }
        #expect(made.isEmpty, "\(made)")
    }
}
