import BlueprintConfiguration
import BlueprintTestProcesses
import Foundation
import Testing

/// Each sslmode does what libpq's does, against real servers with and without TLS; a TLS
/// failure is a refusal naming TLS and the server.
@Suite("Connecting with TLS")
struct TLSConnectionTests {
    /// A URL for mei on `cluster` at `host`, with `parameters`, its password in PGPASSWORD.
    private func url(_ cluster: PostgresTestCluster, host: String = "localhost", _ parameters: String,
                     home: ConnectionHome? = nil) throws -> DatabaseURL {
        try (home ?? ConnectionHome()).url("postgresql://mei@\(host):\(cluster.port)/postgres?" + parameters,
                                           ["PGPASSWORD": NetworkServers.password])
    }

    /// What connecting to `url` throws, in words.
    private func refusal(_ url: DatabaseURL) async -> String {
        let error = await #expect(throws: (any Error).self) { try await session(url) }
        return error.map { "\($0)" } ?? ""
    }

    @Test("verify-full with the server's CA connects, encrypted")
    func verifyFull() async throws {
        let cluster = try NetworkServers.tls()
        let authority = try #require(cluster.network?.certificates?.authority)
        let connected = try await session(url(cluster, "sslmode=verify-full&sslrootcert=" + authority))
        #expect(connected.role == "mei" && connected.encrypted)
    }

    @Test("verify-full with another CA is refused: the certificate is not signed by it")
    func verifyFullOtherAuthority() async throws {
        let cluster = try NetworkServers.tls()
        let other = try #require(cluster.network?.certificates?.otherAuthority)
        let words = await refusal(try url(cluster, "sslmode=verify-full&sslrootcert=" + other))
        #expect(words.contains("TLS") && words.contains("localhost:\(cluster.port)"), "\(words)")
        #expect(words.contains("certificate is not signed by a CA in \(other)"), "\(words)")
        #expect(!words.contains("cake"))
    }

    @Test("verify-full to a host name the certificate lacks is refused; verify-ca connects whatever the name")
    func hostNames() async throws {
        let cluster = try NetworkServers.tls()
        let authority = try #require(cluster.network?.certificates?.authority)
        let words = await refusal(try url(cluster, host: "127.0.0.1", "sslmode=verify-full&sslrootcert=" + authority))
        #expect(words.contains("TLS") && words.contains("does not name 127.0.0.1"), "\(words)")
        let connected = try await session(url(cluster, host: "127.0.0.1", "sslmode=verify-ca&sslrootcert=" + authority))
        #expect(connected.role == "mei" && connected.encrypted)
    }

    @Test("verify-ca with another CA is refused")
    func verifyCAOtherAuthority() async throws {
        let cluster = try NetworkServers.tls()
        let other = try #require(cluster.network?.certificates?.otherAuthority)
        let words = await refusal(try url(cluster, host: "127.0.0.1", "sslmode=verify-ca&sslrootcert=" + other))
        #expect(words.contains("certificate is not signed by a CA in \(other)"), "\(words)")
    }

    @Test("verify-full without the root certificate file is refused, naming the file")
    func missingRootCertificate() async throws {
        let cluster = try NetworkServers.tls()
        let home = try ConnectionHome()
        let words = await refusal(try url(cluster, "sslmode=verify-full", home: home))
        #expect(words.contains("\(home.folder)/.postgresql/root.crt does not exist"), "\(words)")
    }

    @Test("prefer connects to a TLS server whose certificate nobody vouches for, encrypted, and to a server without TLS")
    func prefer() async throws {
        let encrypted = try await session(url(try NetworkServers.tls(), "sslmode=prefer"))
        #expect(encrypted.role == "mei" && encrypted.encrypted)
        let plain = try await session(url(try NetworkServers.plain(), "sslmode=prefer"))
        #expect(plain.role == "mei" && !plain.encrypted)
    }

    @Test("require encrypts without checking the certificate, unless ~/.postgresql/root.crt exists: then it checks the CA")
    func require() async throws {
        let cluster = try NetworkServers.tls()
        let home = try ConnectionHome()
        #expect(try await session(url(cluster, host: "127.0.0.1", "sslmode=require", home: home)).encrypted)

        let other = try #require(cluster.network?.certificates?.otherAuthority)
        try home.write(try String(contentsOfFile: other, encoding: .utf8), to: ".postgresql/root.crt", mode: 0o644)
        let words = await refusal(try url(cluster, host: "127.0.0.1", "sslmode=require", home: home))
        #expect(words.contains("certificate is not signed by a CA in \(home.folder)/.postgresql/root.crt"), "\(words)")
    }

    @Test("require against a server without TLS is refused, naming TLS and the server")
    func requireWithoutTLS() async throws {
        let cluster = try NetworkServers.plain()
        let words = await refusal(try url(cluster, "sslmode=require"))
        #expect(words.contains("TLS") && words.contains("localhost:\(cluster.port) does not offer TLS"), "\(words)")
    }

    @Test("allow and disable connect without TLS to a server that has it")
    func withoutTLS() async throws {
        let cluster = try NetworkServers.tls()
        for mode in ["allow", "disable"] {
            let connected = try await session(url(cluster, "sslmode=" + mode))
            #expect(connected.role == "mei" && !connected.encrypted, "\(mode)")
        }
    }
}
