@testable import BlueprintPostgres
import BlueprintConfiguration
import BlueprintTestProcesses
import Foundation
import Logging
import Testing

/// The servers the connection tests share, each a private cluster on 127.0.0.1 (started once,
/// on first use: a cluster takes about a second), where the role `mei` logs in with `password`.
enum NetworkServers {
    /// Mei's password: a `:`, a `\` and a `'`, which a password file and SQL must escape.
    static let password = #"Mei's:cake\pw"#

    /// A server without TLS.
    static func plain() throws -> PostgresTestCluster { try plainServer.get() }

    /// A server with TLS, its certificate signed by its test CA for `localhost` only.
    static func tls() throws -> PostgresTestCluster { try tlsServer.get() }

    private static let plainServer = Result { try start(.withoutTLS) }
    private static let tlsServer = Result { try start(.withTLS) }

    private static func start(_ tcp: PostgresTestCluster.TCPListening) throws -> PostgresTestCluster {
        let cluster = try PostgresTestCluster.makePrivate(overTCP: tcp)
        try cluster.makeRole("mei", password: password)
        return cluster
    }
}

/// A home folder of its own for one test (no `~/.pgpass` or `~/.postgresql/root.crt` unless the
/// test writes one), and URLs to a network server completed from it as the program would.
struct ConnectionHome {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("blueprint-home-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// `text` completed from `variables` and this home, with password files read for real.
    func url(_ text: String, _ variables: [String: String] = [:]) throws -> DatabaseURL {
        try DatabaseURL(text, loginName: "nobody",
                        environment: ConnectionEnvironment(variables: variables, home: folder,
                                                           readPasswordFile: PasswordFileRead.reading))
    }

    /// Writes `text` to the file `name` in this home (folders made), with `mode`; returns its path.
    @discardableResult
    func write(_ text: String, to name: String, mode: mode_t = 0o600) throws -> String {
        let path = folder + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, mode)
        return path
    }
}

/// A connection made as the program makes one: who it is, and whether it is encrypted. Throws
/// what the program would say.
func session(_ url: DatabaseURL) async throws -> (role: String, encrypted: Bool) {
    let logger = Logger(label: "test")
    let link = DatabaseLink(url: url, logger: logger, retry: .once)
    do {
        let answer = try await link.withConnection { connection in
            try await connection.statement("SELECT current_user::text, ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
                                           logger: logger).collect().first?.decode((String, Bool).self)
        }
        await link.close()
        return try #require(answer)
    } catch {
        await link.close()
        throw error
    }
}
