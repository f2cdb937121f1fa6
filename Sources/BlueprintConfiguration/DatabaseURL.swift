import Foundation

/// Where a PostgreSQL database is and how to connect to it, from a libpq connection URI
/// (`postgresql://[user[:password]@][host][:port][/dbname][?param=value&…]`) and, for what it
/// leaves out, the environment as libpq reads it (`ConnectionEnvironment`).
///
/// As in libpq, the host may be a Unix socket's directory, either percent-encoded in the host
/// part (`postgresql://mei@%2Fvar%2Frun%2Fpostgresql/wedding`) or given as a `host` parameter
/// (`postgresql:///wedding?host=/var/run/postgresql`); with no host at all the default socket
/// directory (`/var/run/postgresql`, Debian's) is used. The parameters understood are `host`,
/// `port`, `user`, `password`, `passfile`, `dbname`, `sslmode` and `sslrootcert`; any other is
/// refused by name, as libpq does. What the URL does not say comes from `PGHOST`, `PGPORT`,
/// `PGUSER`, `PGDATABASE`, `PGSSLMODE` and `PGSSLROOTCERT`; without a user, the login name;
/// without a database name, the user's name. The password is the URL's, else `PGPASSWORD`'s,
/// else the password file's (`passfile`, else `PGPASSFILE`, else `~/.pgpass`; see
/// `PasswordFile`). No message quotes a password (see `redacting`).
public struct DatabaseURL: Hashable, Sendable, CustomStringConvertible {
    /// How the server is reached.
    public enum Endpoint: Hashable, Sendable {
        /// A Unix socket in `directory` (the file is `directory/.s.PGSQL.<port>`).
        case socket(directory: String, port: Int)
        case tcp(host: String, port: Int)
    }

    /// Whether and how a TCP connection uses TLS, as libpq's `sslmode` says (a socket never does).
    public enum SSLMode: String, Hashable, Sendable, CaseIterable {
        /// Never.
        case disable
        /// Without TLS first; with it if the server refuses a connection without.
        case allow
        /// With TLS if the server has it, else without; its certificate is not checked.
        case prefer
        /// Only with TLS; the certificate is not checked, unless the root certificate file
        /// exists: then as `verifyCA`.
        case require
        /// Only with TLS, and a certificate signed by a CA in the root certificate file; any host name.
        case verifyCA = "verify-ca"
        /// As `verifyCA`, and the certificate must name the host connected to.
        case verifyFull = "verify-full"
    }

    /// The socket directory used when the URL names no host.
    public static let defaultSocketDirectory = "/var/run/postgresql"

    public let endpoint: Endpoint
    public let user: String
    public let password: String?
    public let database: String
    public let sslMode: SSLMode
    /// The CA certificates a server's is checked against: `sslrootcert`, else `PGSSLROOTCERT`,
    /// else `~/.postgresql/root.crt` (nil without a home folder).
    public let rootCertificateFile: String?
    /// What was passed over on the way, in words for the log: a password file that others may read.
    public let warnings: [String]

    /// The socket file, for a socket endpoint.
    public var socketPath: String? {
        guard case let .socket(directory, port) = endpoint else { return nil }
        return directory + "/.s.PGSQL.\(port)"
    }

    /// The URL without its password: safe to show and log.
    public var description: String {
        switch endpoint {
        case let .socket(directory, port):
            return "database '\(database)' as \(user) on the socket in \(directory)" + (port == 5432 ? "" : " (port \(port))")
        case let .tcp(host, port):
            return "database '\(database)' as \(user) on \(host):\(port)"
        }
    }

    /// Parses `text`, filling in what it leaves out from `environment` (default: nothing);
    /// `loginName` is the user when neither names one. Throws a `DatabaseURLError` naming what
    /// is wrong.
    public init(_ text: String, loginName: String, environment: ConnectionEnvironment = .none) throws {
        let given = try Given(parsing: text)
        let host = given.host.flatMap { $0.isEmpty ? nil : $0 } ?? environment.variable("PGHOST")
        let port = try given.port ?? environment.variable("PGPORT").map {
            guard let port = Self.port($0) else {
                throw DatabaseURLError("PGPORT must be a number from 1 to 65535; it is '\($0)'")
            }
            return port
        } ?? 5432
        if let host, !host.hasPrefix("/") {
            endpoint = .tcp(host: host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host, port: port)
        } else {
            endpoint = .socket(directory: host ?? Self.defaultSocketDirectory, port: port)
        }
        user = given.user.flatMap { $0.isEmpty ? nil : $0 } ?? environment.variable("PGUSER") ?? loginName
        database = given.database.flatMap { $0.isEmpty ? nil : $0 } ?? environment.variable("PGDATABASE") ?? user
        sslMode = try given.sslMode ?? environment.variable("PGSSLMODE").map {
            guard let mode = SSLMode(rawValue: $0) else { throw DatabaseURLError("PGSSLMODE " + Self.sslModeProblem($0)) }
            return mode
        } ?? .prefer
        rootCertificateFile = given.rootCertificateFile ?? environment.variable("PGSSLROOTCERT")
            ?? environment.home.map { $0 + "/.postgresql/root.crt" }
        var warnings: [String] = []
        if let password = given.password.flatMap({ $0.isEmpty ? nil : $0 }) ?? environment.variable("PGPASSWORD") {
            self.password = password
        } else if let file = given.passwordFile ?? environment.variable("PGPASSFILE") ?? environment.home.map({ $0 + "/.pgpass" }) {
            switch environment.readPasswordFile(file) {
            case .missing:
                self.password = nil
            case let .text(text):
                self.password = PasswordFile(text: text).password(host: Self.passwordFileHost(endpoint), port: port,
                                                                  database: database, user: user)
            case let .ignored(reason):
                self.password = nil
                warnings.append("the password file \(file) \(reason), so it is not used")
            }
        } else {
            self.password = nil
        }
        self.warnings = warnings
    }

    /// The host a password file's line names for `endpoint`: as libpq, `localhost` for the
    /// default socket directory.
    private static func passwordFileHost(_ endpoint: Endpoint) -> String {
        switch endpoint {
        case let .socket(directory, _): directory == defaultSocketDirectory ? "localhost" : directory
        case let .tcp(host, _): host
        }
    }

    /// What the URL itself says, each part nil when it says nothing of it.
    private struct Given {
        var host: String?, port: Int?, user: String?, password: String?, database: String?
        var sslMode: SSLMode?, rootCertificateFile: String?, passwordFile: String?

        init(parsing text: String) throws {
            let shown = DatabaseURL.redacting(text)
            let prefix = ["postgresql://", "postgres://"].first { text.hasPrefix($0) }
            guard let prefix else {
                throw DatabaseURLError("a database URL starts with postgresql:// (it was '\(shown)')")
            }
            func decode(_ part: Substring, _ what: String) throws -> String {
                guard let decoded = String(part).removingPercentEncoding else {
                    throw DatabaseURLError("the database URL's \(what) has a broken %-escape (in '\(shown)')")
                }
                return decoded
            }
            func portNumber(_ text: String) throws -> Int {
                guard let port = DatabaseURL.port(text) else {
                    throw DatabaseURLError("the database URL's port must be a number from 1 to 65535 (in '\(shown)')")
                }
                return port
            }
            var rest = Substring(text.dropFirst(prefix.count))
            var query: Substring = ""
            if let mark = rest.firstIndex(of: "?") {
                query = rest[rest.index(after: mark)...]
                rest = rest[..<mark]
            }
            var path: Substring = ""
            if let slash = rest.firstIndex(of: "/") {
                path = rest[rest.index(after: slash)...]
                rest = rest[..<slash]
            }
            if let at = rest.lastIndex(of: "@") {
                let userInfo = rest[..<at]
                rest = rest[rest.index(after: at)...]
                if let colon = userInfo.firstIndex(of: ":") {
                    user = try decode(userInfo[..<colon], "user")
                    password = try decode(userInfo[userInfo.index(after: colon)...], "password")
                } else {
                    user = try decode(userInfo, "user")
                }
            }
            if !rest.isEmpty {
                var hostPart = rest
                if !rest.hasPrefix("["), let colon = rest.lastIndex(of: ":") {
                    port = try portNumber(String(rest[rest.index(after: colon)...]))
                    hostPart = rest[..<colon]
                }
                host = try decode(hostPart, "host")
            }
            database = path.isEmpty ? nil : try decode(path, "database name")
            for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = try decode(parts[0], "parameter")
                let value = parts.count > 1 ? try decode(parts[1], name) : ""
                switch name {
                case "host": host = value
                case "port": port = try portNumber(value)
                case "user": user = value
                case "password": password = value
                case "passfile": passwordFile = value
                case "dbname": database = value
                case "sslmode":
                    guard let mode = SSLMode(rawValue: value) else { throw DatabaseURLError("sslmode " + DatabaseURL.sslModeProblem(value)) }
                    sslMode = mode
                case "sslrootcert": rootCertificateFile = value
                default:
                    throw DatabaseURLError("the database URL has a parameter blueprint does not know: '\(name)'")
                }
            }
        }
    }

    private static func port(_ text: String) -> Int? {
        Int(text).flatMap { (1...65535).contains($0) ? $0 : nil }
    }

    private static func sslModeProblem(_ value: String) -> String {
        "must be one of \(SSLMode.allCases.map(\.rawValue).joined(separator: ", ")); it was '\(value)'"
    }
}

/// What is wrong with a database URL, in words.
public struct DatabaseURLError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
