import BlueprintCache
import BlueprintDomain
import BlueprintRepositories
import BlueprintStorage
import BlueprintStorageFixtures
import BlueprintTestDoubles
import Foundation
import Testing

/// The households' invitations through the repositories: made once, listed again the same,
/// revoked one at a time, found by token; and the file store's secret, kept apart.
@Suite("Invitation links")
struct InvitationLinksTests {
    /// A wedding of five guests: two households of two (one written in two cases) and one guest alone.
    static func dataset() -> WeddingDataset {
        WeddingDataset(wedding: Fixtures.wedding(), guests: [
            Guest(firstName: "Ngozi", lastName: "Okafor", email: "ngozi@example.org", household: "The Okafors"),
            Guest(firstName: "Ana", lastName: "Ruiz"),
            Guest(firstName: "Emeka", lastName: "Okafor", household: "the okafors "),
            Guest(firstName: "Mei", lastName: "Lin", household: "Lin"),
            Guest(firstName: "Wei", lastName: "Lin", email: "wei@example.org", household: "Lin"),
        ])
    }

    static func repositories(_ host: any WeddingDataHost) -> Repositories { Repositories(host: host, cache: RepositoryCache()) }

    @Test("every household gets one link, in list order; listed again, the same links and no new records")
    func listsEachHouseholdOnce() async throws {
        let dataset = Self.dataset()
        let host = InMemoryWeddingHost([dataset])
        let links = InvitationLinks(repositories: Self.repositories(host))
        let first = try await links.links(in: dataset.wedding.weddingID)
        let alone = dataset.guests[1]
        #expect(first.map(\.household) == ["The Okafors", "guest:" + alone.id.uuidString.lowercased(), "Lin"])
        #expect(first.map { $0.guests.map(\.firstName) } == [["Ngozi", "Emeka"], ["Ana"], ["Mei", "Wei"]])
        #expect(Set(first.map(\.token)).count == 3)
        for link in first { #expect(link.invitation.tokenHash == link.token.hash && link.invitation.generation == 1) }
        #expect(first[0].link(under: "https://example.org/") == "https://example.org/r/" + first[0].token.text)

        let again = try await links.links(in: dataset.wedding.weddingID)
        #expect(again == first)
        let stored = try await host.read(dataset.wedding.weddingID) { $0.invitations.records }
        #expect(stored.count == 3 && stored.allSatisfy { $0.version == 1 })
    }

    @Test("revoke makes a new link for that household only, and the old one finds nothing")
    func revoke() async throws {
        let dataset = Self.dataset()
        let host = InMemoryWeddingHost([dataset])
        let links = InvitationLinks(repositories: Self.repositories(host))
        let wedding = dataset.wedding.weddingID
        let before = try await links.links(in: wedding)
        let revoked = try await links.revoke("  LIN ", in: wedding)
        #expect(revoked.household == "Lin" && revoked.invitation.generation == 2 && revoked.token != before[2].token)
        let after = try await links.links(in: wedding)
        #expect(after[0] == before[0] && after[1] == before[1] && after[2].token == revoked.token)

        let lookup = InvitationLookup(host: host)
        #expect(try await lookup.invitation(forToken: before[2].token.text) == nil)
        let found = try #require(try await lookup.invitation(forToken: revoked.token.text))
        #expect(found.wedding == wedding && found.invitation.household == "lin")
        #expect(try await lookup.invitation(forToken: before[0].token.text)?.invitation.household == "the okafors")
    }

    @Test("the lookup's index takes in a renewed link when a token is not in it, at most once an interval")
    func lookupIndexFollowsRenewedLinks() async throws {
        let dataset = Self.dataset()
        let host = InMemoryWeddingHost([dataset])
        let links = InvitationLinks(repositories: Self.repositories(host))
        let wedding = dataset.wedding.weddingID
        let before = try await links.links(in: wedding)
        let eager = InvitationLookup(host: host, rebuildInterval: .zero)
        let patient = InvitationLookup(host: host, rebuildInterval: .seconds(3600))
        #expect(try await eager.invitation(forToken: before[2].token.text)?.invitation.household == "lin")
        #expect(try await patient.invitation(forToken: before[2].token.text)?.invitation.household == "lin")

        let renewed = try await links.revoke("Lin", in: wedding)
        #expect(try await eager.invitation(forToken: before[2].token.text) == nil, "the old link opens nothing at once")
        #expect(try await patient.invitation(forToken: before[2].token.text) == nil, "the old link opens nothing at once")
        #expect(try await eager.invitation(forToken: renewed.token.text)?.invitation.household == "lin")
        #expect(try await patient.invitation(forToken: renewed.token.text) == nil, "the index is not rebuilt within its interval")
    }

    @Test("an unknown household is refused by name and nothing is written")
    func unknownHousehold() async throws {
        let dataset = Self.dataset()
        let host = InMemoryWeddingHost([dataset])
        let links = InvitationLinks(repositories: Self.repositories(host))
        await #expect(throws: InvitationError.unknownHousehold("The Nobodies")) {
            try await links.revoke("The Nobodies", in: dataset.wedding.weddingID)
        }
        #expect(try await host.read(dataset.wedding.weddingID) { $0.invitations.isEmpty })
    }

    @Test("a token one character off, or of another wedding's secret, finds nothing")
    func nearMisses() async throws {
        let dataset = Self.dataset()
        let host = InMemoryWeddingHost([dataset])
        let listed = try await InvitationLinks(repositories: Self.repositories(host)).links(in: dataset.wedding.weddingID)
        let lookup = InvitationLookup(host: host)
        for link in listed {
            var nearMiss = Array(link.token.text)
            nearMiss[0] = nearMiss[0] == "a" ? "b" : "a"
            #expect(try await lookup.invitation(forToken: String(nearMiss)) == nil)
            #expect(try await lookup.invitation(forToken: String(link.token.text.dropLast())) == nil)
            let foreign = InvitationToken(secret: .random(), wedding: dataset.wedding.weddingID, household: link.invitation.household,
                                          generation: 1)
            #expect(try await lookup.invitation(forToken: foreign.text) == nil)
        }
        #expect(try await lookup.invitation(forToken: "") == nil)
    }

    @Test("a viewer gets no secret and no links, and nothing is written")
    func viewerIsRefused() async throws {
        let dataset = Self.dataset()
        let host = InMemoryWeddingHost([dataset])
        await host.grant(WeddingAccess(role: .viewer, owner: "ana"))
        let links = InvitationLinks(repositories: Self.repositories(host))
        await #expect(throws: RepositoryError.self) { try await links.links(in: dataset.wedding.weddingID) }
        #expect(await host.writesReceived == 0)
    }

    @Test("the file store keeps the secret in invitation-secret, 0600, 32 bytes, the same on reopening; not in the journal or snapshots")
    func fileStoreSecret() async throws {
        let directory = try TemporaryDataDirectory()
        let store = try directory.openStore()
        let wedding = try await store.createWedding(from: Self.dataset(), in: Self.repositories(store))
        let first = try await InvitationLinks(repositories: Self.repositories(store)).links(in: wedding)
        let path = directory.file("invitation-secret", of: wedding)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let secret = try #require(InvitationSecret(bytes: try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(first[0].token == InvitationToken(secret: secret, wedding: wedding, household: "the okafors", generation: 1))
        await store.close()

        let reopened = try directory.openStore()
        #expect(try await reopened.invitationSecret(of: wedding) == secret)
        #expect(try await InvitationLinks(repositories: Self.repositories(reopened)).links(in: wedding) == first)
        await reopened.close()
        let hex = secret.bytes.map { String(format: "%02x", $0) }.joined(), base64 = secret.bytes.base64EncodedString()
        for file in directory.allPaths(below: directory.folder(wedding)) where !file.hasSuffix("/invitation-secret") {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            #expect(data.range(of: secret.bytes) == nil, "\(file)")
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.contains(hex) && !text.contains(base64), "\(file)")
        }
    }

    @Test("two stores making the secret at once agree on one")
    func secretMadeOnce() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        let other = try directory.openStore()
        async let mine = store.invitationSecret(of: wedding)
        async let theirs = other.invitationSecret(of: wedding)
        let (a, b) = try await (mine, theirs)
        #expect(a == b)
        await store.close()
        await other.close()
    }
}

extension FileStore {
    /// Stores `dataset` as a new wedding through `repositories`, and returns its id.
    fileprivate func createWedding(from dataset: WeddingDataset, in repositories: Repositories) async throws -> WeddingID {
        try await repositories.weddings.createWedding(from: dataset).weddingID
    }
}
