import Glibc
import Testing

/// A command whose reader stops early (`blueprint export guests --raw | head -2`) ends as `cat`
/// does: quietly, by SIGPIPE, never with a crash and a backtrace.
@Suite("output to a closed pipe")
struct ClosedPipeTests {
    @Test("export guests --raw into a reader that stops after two lines ends by SIGPIPE, with nothing on stderr, even started with SIGPIPE ignored",
          arguments: [false, true])
    func exportIntoHead(ignoringSIGPIPE: Bool) throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        // Far more than a pipe holds, so the export is still writing when its reader goes.
        let demo = try blueprint.run(["demo", "--guests", "2000", "--seed", "7"])
        #expect(demo.status == 0, "\(demo.stderr)")

        let ending = try blueprint.run(["export", "guests", "--raw"], closingOutputAfter: 2, ignoringSIGPIPE: ignoringSIGPIPE)
        #expect(!ending.stderr.contains("Fatal error") && !ending.stderr.contains("Backtrace"), "\(ending.stderr)")
        #expect(ending.stderr.isEmpty, "\(ending.stderr)")
        #expect((ending.signalled && ending.status == SIGPIPE) || (!ending.signalled && ending.status == 0),
                "ended by \(ending.signalled ? "signal" : "status") \(ending.status)")
    }
}
