import Foundation
import Testing

/// `blueprint invite links | revoke`: each household's personal link, run as a user or a mail
/// merge would.
@Suite("blueprint invite")
struct InviteCommandTests {
    @discardableResult
    private func succeed(_ blueprint: BlueprintProcess, _ arguments: [String]) throws -> String {
        let result = try blueprint.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    private func demo() throws -> BlueprintProcess {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        try succeed(blueprint, ["demo", "--name", "Ana & Ben", "--guests", "30", "--seed", "5"])
        return blueprint
    }

    /// The households the guest list makes: a guest's household (trimmed, any case), or
    /// `guest:<id>` for a guest without one.
    private func households(_ blueprint: BlueprintProcess) throws -> Set<String> {
        let text = try succeed(blueprint, ["export", "guests", "--format", "json"])
        let guests = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        return Set(try guests.map { guest in
            let household = (guest["household"] as? String ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            let id = try #require(guest["id"] as? String).lowercased()
            return household.isEmpty ? "guest:" + id : household
        })
    }

    private func linksByHousehold(_ blueprint: BlueprintProcess) throws -> [String: String] {
        let text = try succeed(blueprint, ["invite", "links", "--format", "json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        var links: [String: String] = [:]
        for entry in entries {
            let household = try #require(entry["household"] as? String).lowercased()
            #expect(links[household] == nil, "\(household) listed twice")
            links[household] = try #require(entry["link"] as? String)
        }
        return links
    }

    @Test("links as CSV: every household once, each with its own link of 43 token characters, the same the second time")
    func csvListsEveryHouseholdOnce() throws {
        let blueprint = try demo()
        let expected = try households(blueprint)
        let first = try succeed(blueprint, ["invite", "links", "--format", "csv"])
        let lines = first.split(separator: "\n").map(String.init)
        #expect(lines.first == "Household,Names,Emails,Link")
        let links = lines.dropFirst().map { String($0.split(separator: ",").last ?? "") }
        #expect(links.count == expected.count)
        #expect(Set(links).count == links.count, "every household has a link of its own")
        for link in links {
            #expect(link.hasPrefix("http://127.0.0.1:8080/r/"), "\(link)")
            let token = link.dropFirst("http://127.0.0.1:8080/r/".count)
            #expect(token.count == 43 && token.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }, "\(link)")
        }
        #expect(Set(try linksByHousehold(blueprint).keys) == expected)
        #expect(try succeed(blueprint, ["invite", "links", "--format", "csv"]) == first, "listing again gives the same links")
    }

    @Test("revoke gives exactly that household a new link and prints it; the others keep theirs")
    func revokeChangesOneLink() throws {
        let blueprint = try demo()
        let before = try linksByHousehold(blueprint)
        let household = try #require(before.keys.sorted().first)
        let printed = try succeed(blueprint, ["invite", "revoke", household.uppercased(), "--base-url", "https://rsvp.example.org/"])
        let after = try linksByHousehold(blueprint)
        #expect(after[household] != before[household])
        #expect(printed.contains(try #require(after[household]).replacingOccurrences(of: "http://127.0.0.1:8080",
                                                                                       with: "https://rsvp.example.org")))
        for (other, link) in before where other != household { #expect(after[other] == link, "\(other)") }
    }

    @Test("revoking an unknown household names it, fails and changes nothing")
    func unknownHousehold() throws {
        let blueprint = try demo()
        let before = try linksByHousehold(blueprint)
        let snapshot = try blueprint.snapshot()
        let result = try blueprint.run(["invite", "revoke", "The Nobodies"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("no guest is in the household \"The Nobodies\""), "\(result.stderr)")
        #expect(try blueprint.snapshot() == snapshot)
        #expect(try linksByHousehold(blueprint) == before)
    }

    @Test("the secret is a file of its own, 0600, in the wedding's folder, and not in an export")
    func secretFile() throws {
        let blueprint = try demo()
        try succeed(blueprint, ["invite", "links"])
        let weddings = blueprint.dataDirectory.appendingPathComponent("weddings")
        let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: weddings.path).first { !$0.hasPrefix(".") })
        let secret = weddings.appendingPathComponent(folder).appendingPathComponent("invitation-secret")
        let attributes = try FileManager.default.attributesOfItem(atPath: secret.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect((attributes[.size] as? NSNumber)?.intValue == 32)
        let secretBytes = try Data(contentsOf: secret)
        let exported = try succeed(blueprint, ["export", "wedding"])
        #expect(!exported.contains(secretBytes.base64EncodedString()))
        #expect(!exported.contains(secretBytes.map { String(format: "%02x", $0) }.joined()))
    }
}
