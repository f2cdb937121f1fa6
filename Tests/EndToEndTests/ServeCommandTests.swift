import BlueprintTestProcesses
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `blueprint serve` as a guest meets it: a household's link opens its page, the answer posted
/// from the page lands in the wedding's data, and SIGTERM stops the server cleanly.
@Suite("blueprint serve", .timeLimit(.minutes(2)))
struct ServeCommandTests {
    /// A session that neither caches nor keeps cookies, as a fresh browser would.
    private static let session = URLSession(configuration: .ephemeral)

    private func succeed(_ blueprint: BlueprintProcess, _ arguments: [String]) throws -> String {
        let result = try blueprint.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    @Test("a household's link opens its page; its posted answer shows in `export guests`; SIGTERM stops it with 0")
    func answerLandsInTheWedding() async throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        _ = try succeed(blueprint, ["demo", "--name", "Ana & Ben", "--guests", "30", "--seed", "5"])
        let port = try ServeProcess.freePort()
        let base = "http://127.0.0.1:\(port)"
        let listing = try succeed(blueprint, ["invite", "links", "--format", "json", "--base-url", base])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(listing.utf8)) as? [[String: Any]])
        let link = try #require(entries.first?["link"] as? String)
        let names = try #require(entries.first?["names"] as? [String])

        let server = try ServeProcess(blueprint, port: port, arguments: ["--requests-per-minute", "600"])
        defer { server.stop() }
        try await server.waitUntilHealthy(baseURL: base)

        let (body, response) = try await Self.session.data(from: URL(string: link)!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let page = String(decoding: body, as: UTF8.self)
        for name in names { #expect(page.contains(name), "\(name) is asked on the household's page") }
        let formToken = try #require(Self.value(of: "form-token", in: page))
        let members = Self.memberIDs(in: page)
        #expect(!members.isEmpty)

        var form = URLComponents()
        form.queryItems = [URLQueryItem(name: "form-token", value: formToken), URLQueryItem(name: "message", value: "See you there")]
            + members.map { URLQueryItem(name: "attending-\($0)", value: "yes") }
        var post = URLRequest(url: URL(string: link)!)
        post.httpMethod = "POST"
        post.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        post.httpBody = Data((form.percentEncodedQuery ?? "").utf8)
        let (_, answered) = try await Self.session.data(for: post)
        #expect((answered as? HTTPURLResponse)?.url?.path.hasSuffix("/thanks") == true, "the answer was taken")

        let exported = try succeed(blueprint, ["export", "guests", "--format", "json"])
        let guests = try #require(try JSONSerialization.jsonObject(with: Data(exported.utf8)) as? [[String: Any]])
        for member in members {
            let guest = try #require(guests.first { ($0["id"] as? String)?.uppercased() == member.uppercased() })
            #expect(guest["rsvp"] as? String == "attending", "\(guest)")
        }
        let activity = try succeed(blueprint, ["activity"])
        #expect(activity.contains("guest: "), "the answer is the guest's: \(activity)")

        let served = server.stop()
        #expect(served.status == 0, "serve did not end cleanly on SIGTERM: \(served.errors)")
    }

    /// The value of the hidden field `name` in `page`.
    private static func value(of name: String, in page: String) -> String? {
        guard let field = page.range(of: "name=\"\(name)\" value=\"") else { return nil }
        let rest = page[field.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    /// The member ids of the page's yes/no questions, in order, once each.
    private static func memberIDs(in page: String) -> [String] {
        var ids: [String] = []
        var rest = page[...]
        while let field = rest.range(of: "name=\"attending-") {
            let id = String(rest[field.upperBound...].prefix(36))
            if !ids.contains(id) { ids.append(id) }
            rest = rest[field.upperBound...]
        }
        return ids
    }
}
