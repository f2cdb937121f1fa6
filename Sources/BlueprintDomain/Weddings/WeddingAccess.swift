/// What you may do with a wedding: its owner may do everything (share it, delete it), a
/// planner may change its records and settings, a viewer may only look.
///
/// The database decides it (its collaborators and row-level security); a wedding in a data
/// directory or in memory is its owner's (whoever can open the files). The app asks the host
/// once, to refuse a viewer's edit before anything is sent and to say why; the database
/// refuses anyway if the role changed meanwhile.
public struct WeddingAccess: Hashable, Sendable, CustomStringConvertible {
    /// A collaborator's role on a wedding, as the database stores it.
    public enum Role: String, Hashable, Sendable, CaseIterable, Codable {
        case owner, planner, viewer
    }

    /// Your role on the wedding.
    public let role: Role
    /// Who owns the wedding (a database role name), when it is known and is not you.
    public let owner: String?

    public init(role: Role, owner: String? = nil) {
        self.role = role
        self.owner = role == .owner ? nil : owner
    }

    /// The wedding's owner: may do anything.
    public static let owner = WeddingAccess(role: .owner)

    /// Whether you may change the wedding's records and settings.
    public var mayChange: Bool { role != .viewer }

    /// Why a change is refused, for a viewer ("mei shared this wedding with you as a viewer: you
    /// can look, not change"); nil when you may change it.
    public var refusal: String? {
        guard !mayChange else { return nil }
        let sharer = owner.map { "\($0) shared this wedding with you" } ?? "this wedding is shared with you"
        return "\(sharer) as a viewer: you can look, not change"
    }

    public var description: String { role.rawValue }
}

/// Says what this process may do with a wedding: the host (the database decides; files and
/// memory answer `.owner`), and the repositories on it.
public protocol WeddingAccessSource: Sendable {
    /// What this process may do with `wedding` now (asked once when a wedding opens, and again
    /// when it is read anew). Throws `RepositoryError.weddingNotFound` for a wedding it cannot see.
    func accessRights(to wedding: WeddingID) async throws -> WeddingAccess
}
