import Foundation
import Testing

/// A password given on the command line (which is best avoided: see the README) never reaches
/// the log file or a message.
@Suite("passwords kept out of the log")
struct PasswordLoggingTests {
    @Test("commands run with a password in --database, either form, log their arguments with it hidden and never print it")
    func logHidesPassword() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let secret = "Cake-Secret-42"
        // Nothing listens on port 1: each command fails, after logging how it was run.
        for arguments in [["stats", "--database", "postgresql://mei:\(secret)@127.0.0.1:1/wedding"],
                          ["wedding", "list", "--database=postgres://mei:\(secret)@127.0.0.1:1/wedding"],
                          ["stats", "--database", "postgresq://mei:\(secret)@127.0.0.1:1/wedding"]] {
            let result = try blueprint.run(arguments)
            #expect(!result.stderr.contains(secret) && !result.stdout.contains(secret), "\(result.stderr)")
        }
        let log = try String(contentsOf: blueprint.stateHome.appendingPathComponent("blueprint/blueprint.log"), encoding: .utf8)
        #expect(log.contains("arguments=stats --database postgresql://mei:***@127.0.0.1:1/wedding"), "\(log)")
        #expect(log.contains("arguments=wedding list --database=postgres://mei:***@127.0.0.1:1/wedding"), "\(log)")
        #expect(!log.contains(secret), "\(log)")
    }
}
