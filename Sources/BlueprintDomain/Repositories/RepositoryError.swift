import Foundation

/// Why a repository call failed. Every case names what it is about.
public enum RepositoryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No record of that kind and id in the wedding.
    case notFound(RecordKind, id: UUID)
    /// No wedding with that name or id in the data directory.
    case weddingNotFound(String)
    /// More than one wedding answers to that name; use the id.
    case ambiguousWedding(String, matches: [WeddingID])
    /// No wedding has that name or id, but it is the start of these weddings' names or ids
    /// (`candidates` are their names). A start never picks a wedding: a command that deletes must
    /// not guess.
    case weddingPrefix(String, candidates: [String])
    /// The update was based on `expected`, but the stored record is at `actual`: someone else
    /// changed it first. Nothing was written.
    case conflict(RecordKind, id: UUID, expected: Int, actual: Int)
    /// The record is invalid; nothing was written.
    case invalid(RecordKind, [ValidationIssue])
    /// The record is still referenced (a category that has expenses); nothing was written.
    case stillReferenced(RecordKind, id: UUID, by: String)
    /// The data on disk could not be read or written.
    case storage(String)
    /// You may not do this to the wedding (a viewer changing it, anyone but its owner sharing or
    /// deleting it): the database refused, or the app did before asking it. Nothing was written;
    /// the text says what was refused and why.
    case notPermitted(String)

    public var description: String {
        switch self {
        case let .notFound(kind, id): return "no \(kind.noun) with id \(id.uuidString.lowercased())"
        case let .weddingNotFound(name): return "no wedding named or with id '\(name)'"
        case let .ambiguousWedding(name, matches):
            return "\(matches.count) weddings are named '\(name)'; use an id: "
                + matches.map(\.description).joined(separator: ", ")
        case let .weddingPrefix(text, candidates):
            let listed = ListPhrase.joined(candidates.map { "'\($0)'" })
            return "no wedding is named '\(text)'; it is the start of \(listed): give the whole name or the id"
        case let .conflict(kind, id, expected, actual):
            return "the \(kind.noun) \(id.uuidString.lowercased()) was changed elsewhere "
                + "(you edited version \(expected), it is now at version \(actual))"
        case let .invalid(kind, issues):
            return "invalid \(kind.noun): " + issues.map(\.description).joined(separator: "; ")
        case let .stillReferenced(kind, _, by): return "cannot delete this \(kind.noun): it is used by \(by)"
        case let .storage(message): return message
        case let .notPermitted(message): return message
        }
    }
}
