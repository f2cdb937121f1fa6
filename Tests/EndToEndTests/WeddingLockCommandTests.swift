import Foundation
import Testing

/// A command whose write meets another session's change to the same wedding in progress (its
/// row lock held in an open transaction): it says so while it waits, and saves once that ends.
@Suite("A command waiting for another's change", .timeLimit(.minutes(3)))
struct WeddingLockCommandTests {
    @Test("while another session's change holds the wedding, import says on stderr whose change it waits for, then saves")
    func importWaitsSayingWhose() throws {
        let setting = try DatabaseSetting()
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        try blueprint.run(["db", "migrate"], as: setting.url(as: setting.cluster.user))
        let mei = setting.url(as: setting.mei)
        try blueprint.run(["wedding", "create", "Mei & Sam"], as: mei)
        try blueprint.run(["wedding", "share", "Mei & Sam", "--role", "planner", setting.sam], as: mei)
        let csv = try blueprint.file(named: "guests.csv", "First Name,Last Name\nAna,Ruiz\n")

        let holder = try Running("/usr/bin/psql", ["-X", "-h", setting.cluster.socketDirectory, "-U", setting.sam,
                                                   "-d", setting.database], environment: [:])
        holder.send("BEGIN; SELECT 1 FROM weddings FOR UPDATE;\n")
        try #require(holder.readOutput(until: "(1 row)"), "the other session holds the wedding")

        let importing = try Running(BlueprintProcess.executable.path, ["import", "guests", csv],
                                    environment: blueprint.environment(["BLUEPRINT_DATABASE_URL": mei]))
        #expect(importing.readErrors(until: "waiting for \(setting.sam)'s change (psql) to this wedding"),
                "said while it waited")
        holder.send("COMMIT;\n")
        _ = holder.finish()
        let imported = importing.finish()
        #expect(imported.status == 0 && imported.stdout.contains("imported guests: 1 added"), "\(imported.stderr)")
    }
}

/// A program running beside the test, its standard output and error read as they come.
private final class Running {
    private let process = Process()
    private let input = Pipe(), output = Pipe(), errors = Pipe()
    private var stdout = Data(), stderr = Data()

    init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty { process.environment = environment }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    func send(_ text: String) { input.fileHandleForWriting.write(Data(text.utf8)) }

    /// Reads standard output until it holds `text`; false if it ended first.
    func readOutput(until text: String) -> Bool { read(output, into: &stdout, until: text) }

    /// Reads standard error until it holds `text`; false if it ended first.
    func readErrors(until text: String) -> Bool { read(errors, into: &stderr, until: text) }

    /// Closes its input, reads the rest of what it writes and waits for it to end.
    func finish() -> (status: Int32, stdout: String, stderr: String) {
        try? input.fileHandleForWriting.close()
        stdout.append(output.fileHandleForReading.readDataToEndOfFile())
        stderr.append(errors.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    private func read(_ pipe: Pipe, into buffer: inout Data, until text: String) -> Bool {
        while !String(decoding: buffer, as: UTF8.self).contains(text) {
            let chunk = pipe.fileHandleForReading.availableData
            guard !chunk.isEmpty else { return false }
            buffer.append(chunk)
        }
        return true
    }
}
