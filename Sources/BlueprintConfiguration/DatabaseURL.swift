import Foundation

/// Where a PostgreSQL database is, from a libpq connection URI:
/// `postgresql://[user[:password]@][host][:port][/dbname][?param=value&…]`.
///
/// As in libpq, the host may be a Unix socket's directory, either percent-encoded in the host
/// part (`postgresql://mei@%2Fvar%2Frun%2Fpostgresql/wedding`) or given as a `host` parameter
/// (`postgresql:///wedding?host=/var/run/postgresql`); with no host at all the default socket
/// directory (`/var/run/postgresql`, Debian's) is used. The parameters understood are `host`,
/// `port`, `user`, `password`, `dbname` and `sslmode` (`disable`, `prefer` or `require`);
/// any other is refused by name, as libpq does. Without a user, the login name; without a
/// database name, the user's name. No message quotes a password (see `redacting`).
public struct DatabaseURL: Hashable, Sendable, CustomStringConvertible {
    /// How the server is reached.
    public enum Endpoint: Hashable, Sendable {
        /// A Unix socket in `directory` (the file is `directory/.s.PGSQL.<port>`).
        case socket(directory: String, port: Int)
        case tcp(host: String, port: Int)
    }

    /// Whether a TCP connection uses TLS (a socket never does).
    public enum TLSMode: String, Hashable, Sendable, CaseIterable {
        case disable, prefer, require
    }

    /// The socket directory used when the URL names no host.
    public static let defaultSocketDirectory = "/var/run/postgresql"

    public let endpoint: Endpoint
    public let user: String
    public let password: String?
    public let database: String
    public let tls: TLSMode

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

    /// Parses `text`; `loginName` is the user when the URL names none. Throws a
    /// `DatabaseURLError` naming what is wrong.
    public init(_ text: String, loginName: String) throws {
        let shown = Self.redacting(text)
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
            guard let port = Int(text), (1...65535).contains(port) else {
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
        var user: String?, password: String?
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
        var host: String?, port: Int?
        if !rest.isEmpty {
            var hostPart = rest
            if !rest.hasPrefix("["), let colon = rest.lastIndex(of: ":") {
                port = try portNumber(String(rest[rest.index(after: colon)...]))
                hostPart = rest[..<colon]
            }
            host = try decode(hostPart, "host")
        }
        var database = path.isEmpty ? nil : try decode(path, "database name")
        var tls = TLSMode.prefer
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try decode(parts[0], "parameter")
            let value = parts.count > 1 ? try decode(parts[1], name) : ""
            switch name {
            case "host": host = value
            case "port": port = try portNumber(value)
            case "user": user = value
            case "password": password = value
            case "dbname": database = value
            case "sslmode":
                guard let mode = TLSMode(rawValue: value) else {
                    throw DatabaseURLError("sslmode must be one of \(TLSMode.allCases.map(\.rawValue).joined(separator: ", ")); "
                                           + "it was '\(value)'")
                }
                tls = mode
            default:
                throw DatabaseURLError("the database URL has a parameter blueprint does not know: '\(name)'")
            }
        }
        let resolvedUser = user.flatMap { $0.isEmpty ? nil : $0 } ?? loginName
        let resolvedPort = port ?? 5432
        if let host, !host.isEmpty, !host.hasPrefix("/") {
            endpoint = .tcp(host: host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host, port: resolvedPort)
        } else {
            endpoint = .socket(directory: host.flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultSocketDirectory, port: resolvedPort)
        }
        self.user = resolvedUser
        self.password = password
        self.database = database.flatMap { $0.isEmpty ? nil : $0 } ?? resolvedUser
        self.tls = tls
    }
}

/// What is wrong with a database URL, in words.
public struct DatabaseURLError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
