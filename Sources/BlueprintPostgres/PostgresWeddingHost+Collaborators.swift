import BlueprintDomain
import Foundation
import Logging
import PostgresNIO

/// One collaborator on a wedding: a PostgreSQL role and what it may do.
public struct WeddingMember: Hashable, Sendable {
    /// The PostgreSQL role's name.
    public let name: String
    public let role: WeddingAccess.Role
    public let addedAt: Date
}

/// Why sharing or unsharing a wedding was refused. Nothing was changed.
public enum SharingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database has no role of that name; only its administrator can make one.
    case noSuchRole(String)
    /// You tried to share the wedding with yourself.
    case withYourself(String)
    /// The role named owns the wedding: it cannot be given another role or removed.
    case owner(String, wedding: String)
    /// The role named is not a collaborator on the wedding.
    case notAMember(String, wedding: String)
    /// Only planners and viewers are shared with (a wedding has one owner).
    case notShareable(WeddingAccess.Role)

    public var description: String {
        switch self {
        case let .noSuchRole(name):
            return "there is no database role '\(name)': the database's administrator must create it first "
                + "(CREATE ROLE \(Self.quotedIdentifier(name)) LOGIN); nothing was changed"
        case let .withYourself(name):
            return "'\(name)' is you: you cannot share a wedding with yourself"
        case let .owner(name, wedding):
            return "'\(name)' owns '\(wedding)': an owner cannot be given another role or removed"
        case let .notAMember(name, wedding):
            return "'\(name)' is not a collaborator on '\(wedding)'; nothing was changed"
        case let .notShareable(role):
            return "a wedding is shared with a planner or a viewer, not an \(role.rawValue) (it has one owner)"
        }
    }

    /// `name` as an SQL identifier, for the advice to copy (double quotes doubled).
    private static func quotedIdentifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// Collaborators and roles: who this process connects as, what it may do with each wedding, and
/// sharing. The database decides all of it (see `DatabaseSchema.collaborators`); what is asked
/// here is to say it in words and to refuse before sending what the database would refuse.
extension PostgresWeddingHost {
    /// The role `link` connects as.
    static func currentRole(on link: DatabaseLink, logger: Logger) async throws -> String {
        try await link.withConnection { connection in
            var role = ""
            for try await name in try await connection.statement("SELECT current_user::text", logger: logger)
                .decode(String.self) { role = name }
            return role
        }
    }

    /// What this process may do with the wedding. A superuser or a role with BYPASSRLS that is
    /// not a member (the administrator) may do anything, as its owner may; any other role that
    /// sees a wedding it has no role in is taken as a viewer, never more.
    public func accessRights(to wedding: WeddingID) async throws -> WeddingAccess {
        guard let access = try await accesses(only: wedding)[wedding] else {
            throw RepositoryError.weddingNotFound(wedding.description)
        }
        return access
    }

    /// What this process may do with each wedding it can see.
    public func accessToWeddings() async throws -> [WeddingID: WeddingAccess] {
        try await accesses(only: nil)
    }

    /// Everyone who may open the wedding, the owner first, then by name.
    public func members(of wedding: WeddingID) async throws -> [WeddingMember] {
        _ = try await accessRights(to: wedding)
        return try await link.withConnection { connection in
            var members: [WeddingMember] = []
            let rows = try await connection.statement("""
                SELECT member, role, added_at FROM wedding_members WHERE wedding_id = \(wedding.rawValue)
                ORDER BY role <> 'owner', member
                """, logger: settings.logger)
            for try await (name, role, added) in rows.decode((String, String, Date).self) {
                guard let role = WeddingAccess.Role(rawValue: role) else { continue }
                members.append(WeddingMember(name: name, role: role, addedAt: added))
            }
            return members
        }
    }

    /// Lets the PostgreSQL role `member` open the wedding as `role` (a planner or a viewer), or
    /// gives a collaborator another role. Only the owner may. Returns the role `member` had
    /// before (nil: none).
    @discardableResult
    public func share(_ wedding: Wedding, with member: String, as role: WeddingAccess.Role) async throws
        -> WeddingAccess.Role? {
        guard role != .owner else { throw SharingError.notShareable(role) }
        let me = author
        guard member != me else { throw SharingError.withYourself(member) }
        try await checkOwner(wedding, doing: "share it")
        let existing = try await members(of: wedding.weddingID)
        if existing.contains(where: { $0.name == member && $0.role == .owner }) {
            throw SharingError.owner(member, wedding: wedding.name)
        }
        guard try await roleExists(member) else { throw SharingError.noSuchRole(member) }
        let id = wedding.weddingID.rawValue
        try await link.withConnection { connection in
            _ = try await connection.statement("""
                INSERT INTO wedding_members (wedding_id, member, role) VALUES (\(id), \(member), \(role.rawValue))
                ON CONFLICT (wedding_id, member) DO UPDATE SET role = EXCLUDED.role
                """, logger: settings.logger)
        }
        return existing.first { $0.name == member }?.role
    }

    /// Takes the wedding away from the collaborator `member`. Only the owner may, and the owner
    /// cannot be removed. In the same transaction the wedding gets a new notice channel, and its
    /// listeners are told on the old one to read the new one, which `member` can no longer do.
    /// Returns the role `member` had.
    @discardableResult
    public func unshare(_ wedding: Wedding, from member: String) async throws -> WeddingAccess.Role {
        try await checkOwner(wedding, doing: "unshare it")
        let existing = try await members(of: wedding.weddingID)
        guard let found = existing.first(where: { $0.name == member }) else {
            throw SharingError.notAMember(member, wedding: wedding.name)
        }
        guard found.role != .owner else { throw SharingError.owner(member, wedding: wedding.name) }
        let id = wedding.weddingID.rawValue
        let removed = try await link.transaction { connection in
            var removed = false
            for try await _ in try await connection.statement("""
                DELETE FROM wedding_members WHERE wedding_id = \(id) AND member = \(member) RETURNING member
                """, logger: settings.logger) { removed = true }
            guard removed else { return false }
            var previous: String?
            for try await channel in try await connection.statement("""
                WITH previous AS (SELECT channel FROM weddings WHERE id = \(id) FOR UPDATE)
                UPDATE weddings AS w SET channel = DEFAULT FROM previous WHERE w.id = \(id) RETURNING previous.channel
                """, logger: settings.logger).decode(String.self) { previous = channel }
            if let previous {
                try await ChangeNotice(wedding: wedding.weddingID, event: .moved).send(to: previous, on: connection,
                                                                                      logger: settings.logger)
            }
            return true
        }
        guard removed else { throw SharingError.notAMember(member, wedding: wedding.name) }
        return found.role
    }

    /// Why deleting a wedding that was not deleted failed: it is not there (for this role), or
    /// this role may see it but is not its owner.
    func refusalToDelete(_ wedding: WeddingID) async throws -> RepositoryError {
        guard let access = try await accesses(only: wedding)[wedding] else { return .weddingNotFound(wedding.description) }
        return .notPermitted(Self.ownerOnly(access, doing: "delete it"))
    }

    // MARK: Private

    private func checkOwner(_ wedding: Wedding, doing what: String) async throws {
        let access = try await accessRights(to: wedding.weddingID)
        guard access.role == .owner else { throw RepositoryError.notPermitted(Self.ownerOnly(access, doing: what)) }
    }

    private static func ownerOnly(_ access: WeddingAccess, doing what: String) -> String {
        "only the wedding's owner\(access.owner.map { " (\($0))" } ?? "") may \(what); "
            + "you are a \(access.role.rawValue) of it"
    }

    private func roleExists(_ name: String) async throws -> Bool {
        try await link.withConnection { connection in
            var found = false
            for try await _ in try await connection.statement("SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = \(name)",
                                                          logger: settings.logger) { found = true }
            return found
        }
    }

    /// Each visible wedding's access (or only `wedding`'s): the role from `wedding_members`;
    /// with none, the owner's for the administrator (a superuser or BYPASSRLS role sees weddings
    /// it is no member of), else a viewer's.
    private func accesses(only wedding: WeddingID?) async throws -> [WeddingID: WeddingAccess] {
        try await link.withConnection { connection in
            let columns = """
                SELECT w.id, blueprint_role_in(w.id, current_user::text),
                       (SELECT m.member FROM wedding_members AS m WHERE m.wedding_id = w.id AND m.role = 'owner'),
                       \(DatabaseSchema.callerIsAdministrator)
                FROM weddings AS w
                """
            let query: PostgresQuery = wedding.map { "\(unescaped: columns) WHERE w.id = \($0.rawValue)" }
                ?? "\(unescaped: columns)"
            var found: [WeddingID: WeddingAccess] = [:]
            for try await (id, role, owner, administrator) in try await connection.statement(query, logger: settings.logger)
                .decode((UUID, String?, String?, Bool).self) {
                let role = role.flatMap(WeddingAccess.Role.init(rawValue:)) ?? (administrator ? .owner : .viewer)
                found[WeddingID(id)] = WeddingAccess(role: role, owner: owner)
            }
            return found
        }
    }
}
