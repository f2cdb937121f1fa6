import BlueprintConfiguration
import BlueprintTestProcesses
import Foundation
import Testing

/// A role with a password connects over TCP with the password from wherever libpq would take
/// it, so it need never be on the command line; a wrong or missing one is refused in words
/// that never quote it.
@Suite("Connecting with a password")
struct PasswordConnectionTests {
    /// `postgresql://mei@127.0.0.1:PORT/postgres`, plus `parameters`.
    private func address(_ cluster: PostgresTestCluster, _ parameters: String = "") -> String {
        "postgresql://mei@127.0.0.1:\(cluster.port)/postgres" + (parameters.isEmpty ? "" : "?" + parameters)
    }

    /// A password file line for mei on `cluster` with `password`, escaped as the format asks.
    private func passwordLine(_ cluster: PostgresTestCluster, _ password: String = NetworkServers.password) -> String {
        let escaped = password.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ":", with: "\\:")
        return "# for the tests\n127.0.0.1:\(cluster.port):*:mei:\(escaped)\n"
    }

    @Test("with PGPASSWORD")
    func passwordVariable() async throws {
        let cluster = try NetworkServers.plain()
        let url = try ConnectionHome().url(address(cluster), ["PGPASSWORD": NetworkServers.password])
        #expect(try await session(url).role == "mei")
    }

    @Test("with the password file PGPASSFILE names, and with the one the passfile parameter names")
    func passwordFiles() async throws {
        let cluster = try NetworkServers.plain()
        let home = try ConnectionHome()
        let file = try home.write(passwordLine(cluster), to: "secrets/pgpass")
        #expect(try await session(home.url(address(cluster), ["PGPASSFILE": file])).role == "mei")
        #expect(try await session(home.url(address(cluster, "passfile=" + file))).role == "mei")
    }

    @Test("with ~/.pgpass, and not when its group may read it")
    func homePasswordFile() async throws {
        let cluster = try NetworkServers.plain()
        let home = try ConnectionHome()
        try home.write(passwordLine(cluster), to: ".pgpass")
        #expect(try await session(home.url(address(cluster))).role == "mei")

        try home.write(passwordLine(cluster), to: ".pgpass", mode: 0o640)
        let error = await #expect(throws: (any Error).self) { try await session(home.url(address(cluster))) }
        let words = "\(error.map { "\($0)" } ?? "")"
        #expect(words.contains("asks mei for a password") && words.contains(".pgpass has group or world access"), "\(words)")
        #expect(!words.contains("cake"))
    }

    @Test("with the URL's password, percent-encoded")
    func urlPassword() async throws {
        let cluster = try NetworkServers.plain()
        let encoded = try #require(NetworkServers.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let url = try ConnectionHome().url("postgresql://mei:\(encoded)@127.0.0.1:\(cluster.port)/postgres")
        #expect(try await session(url).role == "mei")
    }

    @Test("a wrong password is refused as authentication, and the message never quotes it")
    func wrongPassword() async throws {
        let cluster = try NetworkServers.plain()
        let home = try ConnectionHome()
        let url = try home.url(address(cluster, "password=Wrong-Horse"))
        let error = await #expect(throws: (any Error).self) { try await session(url) }
        let words = "\(error.map { "\($0)" } ?? "")"
        #expect(words.contains("authentication") && words.contains("127.0.0.1:\(cluster.port)"), "\(words)")
        #expect(!words.contains("Wrong-Horse"))
    }
}
