import Foundation
import Testing

@Suite("Progress bars of long imports and exports")
struct ImportProgressTests {
    /// A guest list of `rows` guests, written beside the data directory.
    private func guestFile(_ blueprint: BlueprintProcess, rows: Int) throws -> String {
        try blueprint.file(named: "guests.csv",
                           "First Name,Last Name,Email\n" + (1...rows).map { "Guest,Number \($0),guest\($0)@example.com\n" }.joined())
    }

    private func weddingWithFile(rows: Int) throws -> (BlueprintProcess, String) {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["demo", "--guests", "3"]).status == 0)
        return (blueprint, try guestFile(blueprint, rows: rows))
    }

    @Test("in tmux, a 10,000-row import ends with its result line and no trace of the bar")
    func tmuxScreenIsClean() async throws {
        let (blueprint, file) = try weddingWithFile(rows: 10_000)
        let session = try TmuxSession(blueprint, arguments: ["import", "guests", file], columns: 100, rows: 20)

        #expect(try await session.waitForExit(within: .seconds(60)) == 0)
        let screen = try session.screen()
        #expect(screen.contains("imported guests: 10000 added, 0 updated, 0 unchanged"), "\(screen)")
        for trace in ["█", "░", "%", "reading guests.csv", "checking", "validating", "saving"] {
            #expect(!screen.contains(trace), "“\(trace)” left on the screen:\n\(screen)")
        }
    }

    @Test("on a terminal the bar is drawn with carriage returns and wiped before the result")
    func barIsDrawnAndWiped() throws {
        let (blueprint, file) = try weddingWithFile(rows: 2_000)
        // `script` gives the command a terminal of its own and passes on every byte written to it.
        let command = ["env", "TERM=xterm-256color", "LANG=C.UTF-8", "BLUEPRINT_DATA_DIR=\(blueprint.dataDirectory.path)",
                       BlueprintProcess.executable.path, "import", "guests", file]
            .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let (output, status) = try Subprocess.run(["script", "--quiet", "--return", "--command", command, "/dev/null"])

        #expect(status == 0, "\(output)")
        #expect(output.contains("\rreading guests.csv  "), "\(output.debugDescription)")
        #expect(output.contains("\rvalidating guests.csv  "))
        #expect(output.contains("\rsaving 2000 guests"))
        let result = try #require(output.range(of: "imported guests: 2000 added, 0 updated, 0 unchanged\r\n"))
        // The bar's line is overwritten with spaces and the cursor put back: "\r", spaces, "\r".
        let beforeResult = output[..<result.lowerBound]
        let spaces = beforeResult.dropLast().reversed().prefix { $0 == " " }.count
        #expect(beforeResult.hasSuffix("\r") && spaces >= "saving 2000 guests".count && beforeResult.dropLast(spaces + 1).hasSuffix("\r"),
                "\(beforeResult.suffix(120).debugDescription)")
    }

    @Test("piped, an import prints its result alone: no bar, no carriage return")
    func pipedImportPrintsOnlyTheResult() throws {
        let (blueprint, file) = try weddingWithFile(rows: 2_000)

        let result = try blueprint.run(["import", "guests", file])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "imported guests: 2000 added, 0 updated, 0 unchanged\n")
        #expect(!result.stderr.contains("\r") && !result.stderr.contains("█") && !result.stderr.contains("%"))
    }

    @Test("piped, an export is the file alone")
    func pipedExportIsTheFileAlone() throws {
        let (blueprint, file) = try weddingWithFile(rows: 600)
        #expect(try blueprint.run(["import", "guests", file]).status == 0)

        let result = try blueprint.run(["export", "guests"])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Full Name,First Name,"))
        #expect(result.stdout.split(separator: "\n").count == 1 + 603)
        #expect(!result.stdout.contains("\r") && !result.stderr.contains("\r"))
    }
}
