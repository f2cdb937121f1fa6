import BlueprintConfiguration
import BlueprintDomain
import NIOCore
import PostgresNIO

/// Turns what PostgresNIO throws into errors a user can act on. A server that cannot be
/// reached, refuses the login or drops the connection is a `RepositoryError.storage` naming
/// the server; a refusal of one statement says what was refused and why, in the server's words.
/// Other errors (conflicts, validation, schema) pass through unchanged.
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
            case "28000", "28P01":
                return RepositoryError.storage("the server refused to let \(url.user) in to the \(url): \(message)")
            case "3D000":
                return RepositoryError.storage("there is no \(url): \(message)")
            case "42501" where message.contains("row-level security"):
                return RepositoryError.notPermitted(writeRefusal(url))
            case "42501":
                return RepositoryError.storage("the \(url) refused: permission denied (\(message))")
            case "42P01":
                return DatabaseSchemaError.missing(url: url.description)
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

    /// A change the database's policies refused: the connecting role may not change the wedding.
    static func writeRefusal(_ url: DatabaseURL) -> String {
        "the \(url) refused the change: \(url.user) may look at this wedding but not change it "
            + "(its owner can share it with you as a planner)"
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
