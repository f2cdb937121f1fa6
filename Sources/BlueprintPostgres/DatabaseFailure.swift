import BlueprintConfiguration
import BlueprintDomain
import Glibc
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO

/// Turns what PostgresNIO throws into errors a user can act on; the one place that decides what
/// a failure means.
///
/// - Opening a connection (`connecting`): nothing answered, or the server is starting, stopping
///   or full, is `DatabaseUnreachable`, the only failure that is "offline"; anything else (a
///   password or role refused, no permission to connect, no such database, TLS that failed) is a
///   `DatabaseRefusal`, which trying again will not mend.
/// - A statement (`describe`): a server that drops the connection is a `RepositoryError.storage`
///   naming the server; a refusal of one statement says what was refused and why, in the
///   server's words. Other errors (conflicts, validation, schema) pass through unchanged.
/// - Whether a failure may pass if tried again (`mayPass`), and whether it broke the connection
///   (`isConnectionLost`).
enum DatabaseFailure {
    static func describe(_ error: any Error, url: DatabaseURL) -> any Error {
        if error is ChannelError || error is IOError {
            return RepositoryError.storage("the connection to the \(url) failed: \(error)")
        }
        guard let error = error as? PSQLError else { return error }
        switch error.code {
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            let message = error.serverInfo?[.message] ?? "no reason given"
            switch state {
            case "42501" where message.contains("row-level security"):
                return RepositoryError.notPermitted(writeRefusal(url))
            case "42501":
                return RepositoryError.storage("the \(url) refused: permission denied (\(message))")
            case "42P01":
                return DatabaseSchemaError.missing(url: url.description)
            // A statement that ran too long, or waited too long for a lock (`DatabaseSession`'s limits).
            case "57014", "55P03":
                return RepositoryError.storage("the \(url) gave up on a statement: \(message) "
                                               + "(\(DatabaseSession.limits)); nothing was changed")
            case _ where state.hasPrefix("23"):
                return RepositoryError.storage("the \(url) refused a change that breaks one of its rules: \(message)")
            case _ where state.hasPrefix("57P") || state.hasPrefix("08"):
                return RepositoryError.storage("the \(url) went away: \(message)")
            default:
                return RepositoryError.storage("the \(url) failed: \(message) (SQLSTATE \(state))")
            }
        case .connectionError:
            let reason = error.underlying.map { "\($0)" } ?? "no reason given"
            return RepositoryError.storage("cannot reach the \(url): \(reason)")
        case .serverClosedConnection, .uncleanShutdown, .clientClosedConnection:
            return RepositoryError.storage("the connection to the \(url) was lost")
        default:
            return RepositoryError.storage("the \(url) failed: \(error.code)")
        }
    }

    /// What failing to open a connection to `url` means: `DatabaseUnreachable` or `DatabaseRefusal`.
    static func connecting(_ error: any Error, url: DatabaseURL) -> any Error {
        if let refusal = error as? DatabaseRefusal { return refusal }
        if let reason = unreachable(error) { return DatabaseUnreachable(url: url.description, reason: reason) }
        return DatabaseRefusal(description: refusal(error, url: url))
    }

    /// Why nothing answered, in a few words; nil when something answered and refused.
    private static func unreachable(_ error: any Error) -> String? {
        switch error {
        case let error as PSQLError:
            switch error.code {
            case .connectionError:
                return error.underlying.map(unreachable) ?? "the connection failed"
            case .serverClosedConnection, .uncleanShutdown, .clientClosedConnection:
                return "the server closed the connection"
            case .server:
                let state = error.serverInfo?[.sqlState] ?? ""
                let message = error.serverInfo?[.message] ?? state
                // Starting up or shutting down (57P…), a connection failure (08…), too busy (53…).
                return state.hasPrefix("57P") || state.hasPrefix("08") || state.hasPrefix("53") ? message : nil
            default:
                return nil
            }
        case let error as ChannelError:
            if case let .connectTimeout(limit) = error { return "no answer within \(limit.nanoseconds / 1_000_000_000) s" }
            return "\(error)"
        case let error as IOError:
            return unreachable(errno: error.errnoCode)
        case let error as NIOConnectionError:
            if let lookup = error.dnsAError ?? error.dnsAAAAError { return unreachable(lookup) }
            return error.connectionErrors.first.map { unreachable($0.error) } ?? "no address to connect to"
        case let error as SocketAddressError.UnknownHost:
            // A name not found and a lookup that failed are alike: a laptop offline has no DNS.
            return "the host name \(error.host) could not be looked up: \(error.errorDescription)"
        default:
            return nil
        }
    }

    /// The errors of `connect(2)` that mean nothing answers there (now); nil for the others
    /// (a socket this user may not open, say).
    private static func unreachable(errno code: Int32) -> String? {
        switch code {
        case ECONNREFUSED: return "connection refused"
        case ENOENT: return "no server is listening on the socket"
        case ETIMEDOUT: return "timed out"
        case EHOSTUNREACH, EHOSTDOWN: return "no route to the host"
        case ENETUNREACH, ENETDOWN: return "the network is unreachable"
        case ECONNRESET, ECONNABORTED, EPIPE: return "the connection was reset"
        default: return nil
        }
    }

    /// What the server (or TLS) refused, in words naming the database.
    private static func refusal(_ error: any Error, url: DatabaseURL) -> String {
        if error is NIOSSLError || error is BoringSSLError {
            return "TLS with the \(url) failed: \(error)"
        }
        guard let error = error as? PSQLError else {
            return "cannot connect to the \(url): \((error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "\(error)")"
        }
        switch error.code {
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            let message = error.serverInfo?[.message] ?? "no reason given"
            switch state {
            case "28000", "28P01":
                return "the server refused to let \(url.user) in to the \(url): \(message)"
            case "3D000":
                return "there is no \(url): \(message)"
            case "42501":
                return "the \(url) refused \(url.user): permission denied (\(message))"
            default:
                return "the \(url) refused the connection: \(message) (SQLSTATE \(state))"
            }
        case .failedToAddSSLHandler, .receivedUnencryptedDataAfterSSLRequest:
            return "TLS with the \(url) failed: \(error.underlying.map { "\($0)" } ?? "\(error.code)")"
        case .connectionError:
            return error.underlying.map { refusal($0, url: url) } ?? "cannot connect to the \(url)"
        case .unsupportedAuthMechanism, .saslError:
            return "the server refused to let \(url.user) in to the \(url): its way of logging in failed or is not "
                + "supported (\(error.code))"
        default:
            return "cannot connect to the \(url): \(error.code)"
        }
    }

    /// A change the database's policies refused: the connecting role may not change the wedding.
    static func writeRefusal(_ url: DatabaseURL) -> String {
        "the \(url) refused the change: \(url.user) may look at this wedding but not change it "
            + "(its owner can share it with you as a planner)"
    }

    /// Whether `error` (as PostgresNIO throws it, or `DatabaseUnreachable`) may pass if the same
    /// thing is tried again: the server not reached, the connection reset or closed by the
    /// server, a serialization failure (`40001`), a deadlock (`40P01`), a server shutting down or
    /// starting up (`57P01`, `57P02`, `57P03`), a connection failure (`08…`). Never a refusal
    /// (of the connection or of a statement: permission, a broken rule, a conflict, invalid data,
    /// a schema problem, a timeout): those would fail the same way again, and keep their words.
    static func mayPass(_ error: any Error) -> Bool {
        if error is DatabaseUnreachable || error is ChannelError || error is IOError { return true }
        guard let error = error as? PSQLError else { return false }
        switch error.code {
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            return ["40001", "40P01", "57P01", "57P02", "57P03"].contains(state) || state.hasPrefix("08")
        // A connection closed under a statement (its server end went first, and the client
        // noticed) is made again: blueprint closes its own only once it is done with them.
        case .connectionError, .serverClosedConnection, .uncleanShutdown, .clientClosedConnection:
            return true
        default:
            return false
        }
    }

    /// Whether the connection is unusable after `error` (and must be opened anew).
    static func isConnectionLost(_ error: any Error) -> Bool {
        if let error = error as? PSQLError {
            switch error.code {
            case .server:
                let state = error.serverInfo?[.sqlState] ?? ""
                return state.hasPrefix("57P") || state.hasPrefix("08")
            case .connectionError, .serverClosedConnection, .uncleanShutdown, .clientClosedConnection:
                return true
            default:
                return false
            }
        }
        return error is ChannelError || error is IOError
    }
}

/// The database cannot be reached: nothing answered at its address (the connection refused, no
/// answer in time, no route to the host, its name not looked up), or its server is starting,
/// stopping or too busy to take the connection. The only failure that is "offline": blueprint
/// works from this machine's copy meanwhile, and keeps trying.
public struct DatabaseUnreachable: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database, as `DatabaseURL` describes it (never its password).
    public let url: String
    /// Why, in a few words: "connection refused".
    public let reason: String

    public var description: String { "the \(url) cannot be reached (\(reason))" }
}

/// The database answered and refused this process: a role or password it does not accept
/// (SQLSTATE `28000`, `28P01`), no permission to connect (`42501`), no such database
/// (`3D000`), TLS that could not be set up as the URL requires. Not offline: trying again will
/// not help until the URL, the password or the server changes, so a command fails with it and
/// the planner shows it.
public struct DatabaseRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
}

/// The database's schema does not match what this build of blueprint reads and writes.
public enum DatabaseSchemaError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No blueprint tables yet.
    case missing(url: String)
    /// Made by an older blueprint: `blueprint db migrate` brings it up to date.
    case older(url: String, found: Int, current: Int)
    /// Made by a newer blueprint, which this one must not write to.
    case newer(url: String, found: Int, current: Int)

    public var description: String {
        switch self {
        case let .missing(url):
            return "the \(url) has no blueprint tables yet: run `blueprint db migrate` to create them"
        case let .older(url, found, current):
            return "the \(url) has schema version \(found), older than this blueprint's \(current): "
                + "run `blueprint db migrate` to upgrade it"
        case let .newer(url, found, current):
            return "the \(url) has schema version \(found), made by a newer blueprint (this one knows up to \(current)): "
                + "upgrade blueprint to use it"
        }
    }
}
