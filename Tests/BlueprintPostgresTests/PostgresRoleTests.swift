import BlueprintConfiguration
import BlueprintDomain
import BlueprintPostgres
import BlueprintStorageFixtures
import Foundation
import Testing

/// Collaborators on a real server, each connecting as its own PostgreSQL role: the database,
/// not the app, decides who sees and changes what.
@Suite("PostgreSQL collaborators and roles")
struct PostgresRoleTests {
    private func wedding(on host: PostgresWeddingHost, named name: String = "Mei & Sam") async throws -> Wedding {
        try await host.createWedding(Wedding(name: name, totalBudget: Money(minorUnits: 1_000_000)))
    }

    @Test("the creator owns the wedding; a stranger sees no wedding at all")
    func ownerAndStranger() async throws {
        let database = try await TestDatabase.make()
        let (mei, eve) = (try database.makeRole("mei"), try database.makeRole("eve"))
        let owner = try await database.openHost(as: mei)
        let stranger = try await database.openHost(as: eve)
        let wedding = try await wedding(on: owner)
        let id = wedding.weddingID
        _ = try await owner.write(id, operation: "add") { try $0.insert(Guest(firstName: "Ana", lastName: "Ruiz")) }

        #expect(owner.author == mei)
        #expect(try await owner.accessRights(to: id) == .owner)
        #expect(try await owner.members(of: id).map(\.name) == [mei])
        #expect(try await stranger.listWeddings().isEmpty)
        await #expect(throws: RepositoryError.weddingNotFound(id.description)) { try await stranger.read(id) { $0.guests.count } }
        await #expect(throws: RepositoryError.weddingNotFound(id.description)) { try await stranger.accessRights(to: id) }
        await #expect(throws: RepositoryError.weddingNotFound(id.description)) { try await stranger.deleteWedding(id) }
        await #expect(throws: RepositoryError.weddingNotFound(id.description)) { try await stranger.activity(in: id) }
        #expect(try await owner.read(id) { $0.guests.count } == 1)
        await owner.close()
        await stranger.close()
    }

    @Test("a viewer reads, and the database refuses each of its writes, in words")
    func viewerRefusedByTheDatabase() async throws {
        let database = try await TestDatabase.make()
        let (mei, sam) = (try database.makeRole("mei"), try database.makeRole("sam"))
        let owner = try await database.openHost(as: mei)
        let wedding = try await wedding(on: owner)
        let id = wedding.weddingID
        let guest = try await owner.write(id, operation: "add") { try $0.insert(Guest(firstName: "Ana", lastName: "Ruiz")) }
        #expect(try await owner.share(wedding, with: sam, as: .viewer) == nil)

        // The host sends whatever it is asked to: what refuses is the database's policies.
        let viewer = try await database.openHost(as: sam)
        #expect(try await viewer.listWeddings().map(\.weddingID) == [id])
        #expect(try await viewer.read(id) { $0.guests.records } == [guest])
        #expect(try await viewer.accessRights(to: id) == WeddingAccess(role: .viewer, owner: mei))
        #expect(try await viewer.members(of: id).map(\.name) == [mei, sam])

        func expectRefused(_ what: Comment, _ body: @escaping @Sendable () async throws -> Void) async {
            do {
                try await body()
                Issue.record("the database let a viewer \(what)")
            } catch let RepositoryError.notPermitted(message) {
                #expect(message.contains("may look at this wedding but not change it"), "\(message)")
                #expect(!message.contains("SQLSTATE") && !message.contains("row-level"), "\(message)")
            } catch {
                Issue.record("\(what): \(error)")
            }
        }
        await expectRefused("add a guest") {
            _ = try await viewer.write(id, operation: "add") { try $0.insert(Guest(firstName: "Eve", lastName: "X")) }
        }
        var seated = guest
        seated.table = 4
        await expectRefused("edit a guest") { [seated] in _ = try await viewer.write(id, operation: "seat") { try $0.update(seated) } }
        await expectRefused("delete a guest") { try await viewer.write(id, operation: "delete") { try $0.delete(Guest.self, id: guest.id) } }
        var renamed = wedding
        renamed.name = "Taken over"
        await expectRefused("rename the wedding") { [renamed] in
            _ = try await viewer.write(id, operation: "rename") { try $0.updateWedding(renamed) }
        }
        await #expect(throws: RepositoryError.notPermitted("only the wedding's owner (\(mei)) may delete it; you are a viewer of it")) {
            try await viewer.deleteWedding(id)
        }
        await #expect(throws: RepositoryError.notPermitted("only the wedding's owner (\(mei)) may share it; you are a viewer of it")) {
            try await viewer.share(wedding, with: mei, as: .planner)
        }

        let fresh = try await database.openHost(as: mei)
        #expect(try await fresh.read(id) { $0.guests.records } == [guest])
        #expect(try await fresh.read(id) { $0.wedding.name } == "Mei & Sam")
        #expect(try await fresh.activity(in: id).entries.count == 1)
        for host in [owner, viewer, fresh] { await host.close() }
    }

    @Test("a planner writes; unsharing takes the wedding away; only the owner shares and deletes")
    func plannerAndUnshare() async throws {
        let database = try await TestDatabase.make()
        let (mei, sam, eve) = (try database.makeRole("mei"), try database.makeRole("sam"), try database.makeRole("eve"))
        let owner = try await database.openHost(as: mei)
        let wedding = try await wedding(on: owner)
        let id = wedding.weddingID
        try await owner.share(wedding, with: sam, as: .viewer)
        #expect(try await owner.share(wedding, with: sam, as: .planner) == .viewer)

        let planner = try await database.openHost(as: sam)
        #expect(try await planner.accessRights(to: id) == WeddingAccess(role: .planner, owner: mei))
        let guest = try await planner.write(id, operation: "add") { try $0.insert(Guest(firstName: "Ana", lastName: "Ruiz")) }
        #expect(try await owner.read(id) { $0.guests.records } == [guest])
        #expect(try await owner.activity(in: id).entries.map(\.author) == [sam], "written by the planner, as the database says")

        await #expect(throws: RepositoryError.notPermitted("only the wedding's owner (\(mei)) may share it; you are a planner of it")) {
            try await planner.share(wedding, with: eve, as: .viewer)
        }
        await #expect(throws: RepositoryError.notPermitted("only the wedding's owner (\(mei)) may delete it; you are a planner of it")) {
            try await planner.deleteWedding(id)
        }
        await #expect(throws: SharingError.owner(mei, wedding: wedding.name)) { try await owner.unshare(wedding, from: mei) }
        await #expect(throws: SharingError.withYourself(mei)) { try await owner.share(wedding, with: mei, as: .viewer) }
        await #expect(throws: SharingError.notAMember(eve, wedding: wedding.name)) { try await owner.unshare(wedding, from: eve) }

        #expect(try await owner.unshare(wedding, from: sam) == .planner)
        let after = try await database.openHost(as: sam)
        #expect(try await after.listWeddings().isEmpty)
        await #expect(throws: RepositoryError.weddingNotFound(id.description)) { try await after.read(id) { $0.guests.count } }
        try await owner.deleteWedding(id)
        #expect(try await owner.listWeddings().isEmpty)
        for host in [owner, planner, after] { await host.close() }
    }

    @Test("a collaborator the database does not know is refused with what the administrator must do; nothing changes")
    func unknownRole() async throws {
        let database = try await TestDatabase.make()
        let mei = try database.makeRole("mei")
        let owner = try await database.openHost(as: mei)
        let wedding = try await wedding(on: owner)
        let ghost = "ghost_" + UUID().uuidString.prefix(8).lowercased()
        await #expect(throws: SharingError.noSuchRole(ghost)) { try await owner.share(wedding, with: ghost, as: .viewer) }
        #expect(SharingError.noSuchRole(ghost).description.contains("CREATE ROLE \"\(ghost)\" LOGIN"))
        #expect(try await owner.members(of: wedding.weddingID).map(\.name) == [mei])
        await #expect(throws: SharingError.notShareable(.owner)) { try await owner.share(wedding, with: mei, as: .owner) }
        await owner.close()
    }

    @Test("hostile role names (quotes, SQL) are data: shared with, connected as, listed, unshared")
    func hostileRoleNames() async throws {
        let database = try await TestDatabase.make()
        let mei = try database.makeRole("mei")
        let hostile = try database.makeRole("o'brien \"x\"; DROP TABLE records; --")
        let owner = try await database.openHost(as: mei)
        let wedding = try await wedding(on: owner)
        try await owner.share(wedding, with: hostile, as: .viewer)
        let viewer = try await database.openHost(as: hostile)
        #expect(viewer.author == hostile)
        #expect(try await viewer.listWeddings().map(\.weddingID) == [wedding.weddingID])
        #expect(try await owner.members(of: wedding.weddingID).map(\.name) == [mei, hostile])
        #expect(try await owner.unshare(wedding, from: hostile) == .viewer)
        #expect(try await viewer.listWeddings().isEmpty)
        _ = try await owner.write(wedding.weddingID, operation: "add") { try $0.insert(Guest(firstName: "Still", lastName: "Here")) }
        await owner.close()
        await viewer.close()
    }

    @Test("the database itself refuses what a role may not do, whatever program sends the SQL")
    func refusedBySQL() async throws {
        let database = try await TestDatabase.make()
        let (mei, sam, eve) = (try database.makeRole("mei"), try database.makeRole("sam"), try database.makeRole("eve"))
        let owner = try await database.openHost(as: mei)
        let wedding = try await wedding(on: owner)
        let guest = try await owner.write(wedding.weddingID, operation: "add") {
            try $0.insert(Guest(firstName: "Ana", lastName: "Ruiz"))
        }
        try await owner.share(wedding, with: sam, as: .viewer)
        let id = wedding.weddingID.description
        func refused(as role: String, _ sql: String) -> String? {
            do {
                try database.run("SET ROLE \"\(role)\"; \(sql)")
                return nil
            } catch {
                return "\(error)"
            }
        }
        let insert = refused(as: sam, "INSERT INTO records (wedding_id, kind, id, version, data) "
                                + "VALUES ('\(id)', 'guest', gen_random_uuid(), 1, '{}')")
        #expect(insert?.contains("new row violates row-level security policy") == true, "\(insert ?? "allowed")")
        let share = refused(as: sam, "INSERT INTO wedding_members (wedding_id, member, role) VALUES ('\(id)', '\(eve)', 'viewer')")
        #expect(share?.contains("new row violates row-level security policy") == true, "\(share ?? "allowed")")
        let own = refused(as: eve, "INSERT INTO wedding_members (wedding_id, member, role) VALUES ('\(id)', '\(eve)', 'planner')")
        #expect(own?.contains("new row violates row-level security policy") == true, "\(own ?? "allowed")")
        // Rows a role may not change or delete are not there for it: nothing happens.
        #expect(refused(as: sam, "UPDATE wedding_members SET role = 'owner'; DELETE FROM wedding_members; "
                                 + "DELETE FROM records; DELETE FROM weddings") == nil)
        #expect(refused(as: mei, "UPDATE wedding_members SET role = 'planner' WHERE role = 'owner'; "
                                 + "DELETE FROM wedding_members WHERE role = 'owner'") == nil)
        let creator = refused(as: eve, "INSERT INTO weddings (id, name, record, version, created_by) "
                                  + "VALUES (gen_random_uuid(), 'x', '{}', 1, '\(mei)')")
        #expect(creator?.contains("new row violates row-level security policy") == true, "\(creator ?? "allowed")")

        let members = try await owner.members(of: wedding.weddingID)
        #expect(members.map(\.name) == [mei, sam] && members.map(\.role) == [.owner, .viewer])
        let fresh = try await database.openHost(as: mei)
        #expect(try await fresh.read(wedding.weddingID) { $0.guests.records } == [guest])
        #expect(try await fresh.listWeddings().map(\.weddingID) == [wedding.weddingID])
        await owner.close()
        await fresh.close()
    }

    @Test("a wedding made before collaborators existed is owned by the role that migrated the database")
    func ownerOfOlderWeddings() async throws {
        let database = try TestDatabase.unmigrated()
        let before = try await DatabaseSchema.migrate(database.url, upTo: DatabaseSchema.collaboratorsVersion - 1)
        #expect(before.to == DatabaseSchema.collaboratorsVersion - 1)
        let id = WeddingID()
        try database.run("INSERT INTO weddings (id, name, record, version) VALUES ('\(id)', 'Older', '{}', 1)")
        let report = try await DatabaseSchema.migrate(database.url)
        #expect(report.applied.count == DatabaseSchema.currentVersion - DatabaseSchema.collaboratorsVersion + 1)
        let admin = try await database.openHost()
        let members = try await admin.members(of: id)
        #expect(members.map(\.name) == [database.url.user] && members.map(\.role) == [.owner])
        let stranger = try await database.openHost(as: try database.makeRole("eve"))
        await #expect(throws: RepositoryError.weddingNotFound(id.description)) { try await stranger.accessRights(to: id) }
        await admin.close()
        await stranger.close()
    }

    @Test("a superuser, the administrator, sees every wedding and may do anything with it")
    func administrator() async throws {
        let database = try await TestDatabase.make()
        let owner = try await database.openHost(as: try database.makeRole("mei"))
        let wedding = try await wedding(on: owner)
        let admin = try await database.openHost()
        #expect(try await admin.listWeddings().map(\.weddingID) == [wedding.weddingID])
        #expect(try await admin.accessRights(to: wedding.weddingID).mayChange)
        await owner.close()
        await admin.close()
    }
}
