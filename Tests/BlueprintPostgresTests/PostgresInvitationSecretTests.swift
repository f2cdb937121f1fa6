import BlueprintCache
import BlueprintDomain
import BlueprintPostgres
import BlueprintRepositories
import BlueprintStorageFixtures
import Foundation
import Testing

/// The invitation secret in the database: the owner and planners read it, one per wedding; a
/// viewer or a stranger sees no row and cannot add one, whether through the host or directly.
@Suite("PostgreSQL invitation secrets")
struct PostgresInvitationSecretTests {
    @Test("owner and planner share one secret; a viewer and a stranger read no row and are refused an insert")
    func onlyWritersReadTheSecret() async throws {
        let database = try await TestDatabase.make()
        let (mei, sam, vic, eve) = (try database.makeRole("mei"), try database.makeRole("sam"), try database.makeRole("vic"),
                                    try database.makeRole("eve"))
        let owner = try await database.openHost(as: mei)
        let wedding = try await owner.createWedding(Wedding(name: "Mei & Sam"))
        let id = wedding.weddingID
        _ = try await owner.share(wedding, with: sam, as: .planner)
        _ = try await owner.share(wedding, with: vic, as: .viewer)

        let secret = try await owner.invitationSecret(of: id)
        let planner = try await database.openHost(as: sam)
        #expect(try await planner.invitationSecret(of: id) == secret)
        #expect(try await owner.invitationSecret(of: id) == secret, "made once, never replaced")

        let viewer = try await database.openHost(as: vic)
        await #expect(throws: RepositoryError.self) { try await viewer.invitationSecret(of: id) }
        for role in [vic, eve] {
            let raw = try await database.connect(as: role)
            #expect(try await raw.count("SELECT secret FROM invitation_secrets") == 0, "\(role) reads no secret")
            await #expect(throws: (any Error).self, "\(role) cannot add one") {
                try await raw.run("INSERT INTO invitation_secrets (wedding_id, secret) VALUES ('\(id)', '\\x"
                                  + String(repeating: "00", count: 32) + "')")
            }
            await #expect(throws: (any Error).self, "\(role) cannot change it") {
                try await raw.run("UPDATE invitation_secrets SET secret = secret")
            }
            await raw.close()
        }
        let plannerRaw = try await database.connect(as: sam)
        #expect(try await plannerRaw.count("SELECT secret FROM invitation_secrets") == 1)
        await #expect(throws: (any Error).self, "no one changes a secret") {
            try await plannerRaw.run("UPDATE invitation_secrets SET secret = secret")
        }
        await plannerRaw.close()
        for host in [owner, planner, viewer] { await host.close() }
    }

    @Test("invitations round-trip: the owner's links are the planner's, read back from the database")
    func invitationsRoundTrip() async throws {
        let database = try await TestDatabase.make()
        let (mei, sam) = (try database.makeRole("mei"), try database.makeRole("sam"))
        let owner = try await database.openHost(as: mei)
        let wedding = try await owner.createWedding(Wedding(name: "Mei & Sam"))
        let id = wedding.weddingID
        _ = try await owner.share(wedding, with: sam, as: .planner)
        _ = try await owner.write(id, operation: "add") { transaction in
            try transaction.insert(Guest(firstName: "Ana", lastName: "Ruiz", household: "Ruiz"))
            try transaction.insert(Guest(firstName: "Ben", lastName: "Ruiz", household: "ruiz"))
            return try transaction.insert(Guest(firstName: "Cleo", lastName: "Chen"))
        }
        let mine = try await InvitationLinks(repositories: Repositories(host: owner, cache: RepositoryCache())).links(in: id)
        #expect(mine.count == 2)
        let planner = try await database.openHost(as: sam)
        let stored = try await planner.read(id) { $0.invitations.records }
        #expect(stored == mine.map(\.invitation))
        let theirs = try await InvitationLinks(repositories: Repositories(host: planner, cache: RepositoryCache())).links(in: id)
        #expect(theirs.map(\.token) == mine.map(\.token))
        #expect(try await InvitationLookup(host: planner).invitation(forToken: mine[1].token.text)?.invitation == mine[1].invitation)
        await owner.close()
        await planner.close()
    }
}
