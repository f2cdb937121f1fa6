import BlueprintDomain
@testable import BlueprintWeb
import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@Suite struct RSVPSecurityTests {
    private func formToken(_ client: any TestClientProtocol) async throws -> String {
        let page = try await client.execute(uri: "/r/\(RSVPFixture.token)", method: .get).text
        return try #require(RSVPFixture.formToken(in: page))
    }

    @Test func wrongRevokedAndMissingPagesGetTheSame404() async throws {
        let fixture = RSVPFixture()
        try await fixture.test { client in
            let wrong = try await client.execute(uri: "/r/k7Qx2mZp9VtR4sLw8NbE3yHd", method: .get)
            let missing = try await client.execute(uri: "/guests.csv", method: .get)
            let malformed = try await client.execute(uri: "/r/%00%ff", method: .get)
            let wrongThanks = try await client.execute(uri: "/r/nope/thanks", method: .get)
            await fixture.directory.revoke(RSVPFixture.token)
            let revoked = try await client.execute(uri: "/r/\(RSVPFixture.token)", method: .get)
            let revokedPost = try await client.execute(uri: "/r/\(RSVPFixture.token)", method: .post, headers: RSVPFixture.formHeaders,
                                                       body: RSVPFixture.formBody([("message", "hi")]))
            for response in [wrong, missing, malformed, wrongThanks, revoked, revokedPost] {
                #expect(response.status == .notFound)
                #expect(response.text == wrong.text)
                #expect(response.headers == wrong.headers)
            }
            #expect(wrong.text.contains("Page not found"))
        }
    }

    @Test("form tokens are base64url, so a form encoder that leaves '+' alone cannot turn one into another")
    func formTokensAreURLSafe() {
        let key = FormTokenKey()
        for number in 0..<200 {
            let token = key.token(for: "link-\(number)")
            #expect(token.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }, "\(token)")
            #expect(key.accepts(token, for: "link-\(number)"))
            #expect(!key.accepts(token, for: "link-\(number + 1)"))
        }
    }

    @Test func aMissingOrWrongFormTokenGets403AndSavesNothing() async throws {
        let fixture = RSVPFixture()
        try await fixture.test { client in
            let good = try await formToken(client)
            var missing = RSVPFixture.answerFields(formToken: good)
            missing.removeFirst()
            let forged = RSVPFixture.answerFields(formToken: FormTokenKey().token(for: RSVPFixture.token))
            for fields in [missing, forged, RSVPFixture.answerFields(formToken: "not base64!")] {
                let response = try await client.execute(uri: "/r/\(RSVPFixture.token)", method: .post,
                                                        headers: RSVPFixture.formHeaders, body: RSVPFixture.formBody(fields))
                #expect(response.status == .forbidden)
                #expect(response.text.contains("The form could not be sent"))
            }
        }
        #expect(await fixture.directory.saveCount == 0)
    }

    @Test func aCrossSitePostIsRefused() async throws {
        let fixture = RSVPFixture()
        try await fixture.test { client in
            let fields = RSVPFixture.answerFields(formToken: try await formToken(client))
            var crossOrigin = RSVPFixture.formHeaders
            crossOrigin[.origin] = "https://evil.example"
            var crossSite = RSVPFixture.formHeaders
            crossSite[.secFetchSite] = "cross-site"
            for headers in [crossOrigin, crossSite] {
                let response = try await client.execute(uri: "/r/\(RSVPFixture.token)", method: .post, headers: headers,
                                                        body: RSVPFixture.formBody(fields))
                #expect(response.status == .forbidden)
            }
            #expect(await fixture.directory.saveCount == 0)
            var sameOrigin = RSVPFixture.formHeaders
            sameOrigin[.origin] = "https://rsvp.example.com"
            sameOrigin[.secFetchSite] = "same-origin"
            let response = try await client.execute(uri: "/r/\(RSVPFixture.token)", method: .post, headers: sameOrigin,
                                                    body: RSVPFixture.formBody(fields))
            #expect(response.status == .seeOther)
        }
    }

    @Test func pathTraversalGets404() async throws {
        try await RSVPFixture().test { client in
            let notFound = try await client.execute(uri: "/nothing", method: .get)
            for uri in ["/static/../Package.swift", "/static/%2e%2e/Package.swift", "/static/%2E%2E%2FPackage.swift",
                        "/static/..%2f..%2fetc/passwd", "/r/../static/site.css", "/static/"] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .notFound, "\(uri)")
                #expect(response.text == notFound.text, "\(uri)")
            }
        }
    }

    @Test func everyResponseCarriesTheSecurityHeaders() async throws {
        let fixture = RSVPFixture()
        try await fixture.test { client in
            let token = try await formToken(client)
            let responses = [
                try await client.execute(uri: "/r/\(RSVPFixture.token)", method: .get),
                try await client.execute(uri: "/r/\(RSVPFixture.token)", method: .post, headers: RSVPFixture.formHeaders,
                                         body: RSVPFixture.formBody(RSVPFixture.answerFields(formToken: token))),
                try await client.execute(uri: "/r/\(RSVPFixture.token)/thanks", method: .get),
                try await client.execute(uri: "/r/\(RSVPFixture.token)/wedding.ics", method: .get),
                try await client.execute(uri: "/static/site.css", method: .get),
                try await client.execute(uri: "/healthz", method: .get),
                try await client.execute(uri: "/missing", method: .get),
                try await client.execute(uri: "/r/\(RSVPFixture.token)", method: .post, body: .init(string: "%")),
            ]
            for response in responses {
                #expect(response.headers[.contentSecurityPolicy]
                    == "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                #expect(response.headers[.referrerPolicy] == "no-referrer")
            }
        }
    }

    @Test func theRateLimitGets429AndRecoversWithTheClock() async throws {
        let fixture = RSVPFixture(linkLimit: RateLimitRule(burst: 2, interval: .seconds(10)))
        try await fixture.test { client in
            for _ in 0..<2 {
                #expect(try await client.execute(uri: "/r/\(RSVPFixture.token)", method: .get).status == .ok)
            }
            let limited = try await client.execute(uri: "/r/\(RSVPFixture.token)", method: .get)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] == "10")
            // Another link is not held up by this one.
            #expect(try await client.execute(uri: "/r/other", method: .get).status == .notFound)
            fixture.clock.advance(by: .seconds(10))
            #expect(try await client.execute(uri: "/r/\(RSVPFixture.token)", method: .get).status == .ok)
        }
    }

    @Test func theAddressRateLimitCoversEveryLink() async throws {
        let fixture = RSVPFixture(addressLimit: RateLimitRule(burst: 3, interval: .seconds(1)))
        try await fixture.test { client in
            for guess in ["a1", "b2", "c3"] {
                #expect(try await client.execute(uri: "/r/\(guess)", method: .get).status == .notFound)
            }
            let limited = try await client.execute(uri: "/r/\(RSVPFixture.token)", method: .get)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] == "1")
            // The health check is not limited.
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
            fixture.clock.advance(by: .seconds(1))
            #expect(try await client.execute(uri: "/r/\(RSVPFixture.token)", method: .get).status == .ok)
        }
    }

    @Test func theLogLineHasNoTokenAndNoGuestData() async throws {
        let fixture = RSVPFixture()
        try await fixture.test { client in
            let token = try await formToken(client)
            _ = try await client.execute(uri: "/r/\(RSVPFixture.token)?from=mail", method: .post, headers: RSVPFixture.formHeaders,
                                         body: RSVPFixture.formBody(RSVPFixture.answerFields(formToken: token)))
        }
        let lines = fixture.logs.logged
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("GET /r/… 200 ") == true)
        #expect(lines.last?.hasPrefix("POST /r/… 303 ") == true)
        for line in lines {
            for secret in [RSVPFixture.token, "Fuentes", "Tomás", "See you there", "from=mail"] {
                #expect(!line.contains(secret), "\(line)")
            }
        }
    }

    @Test func forwardedHeadersCountOnlyFromTheTrustedProxy() {
        let proxy = try? SocketAddress(ipAddress: "10.0.0.2", port: 40_000)
        let stranger = try? SocketAddress(ipAddress: "198.51.100.7", port: 40_000)
        let headers: HTTPFields = [.xForwardedFor: "203.0.113.9, 192.0.2.44", .xForwardedProto: "https"]
        let viaProxy = ClientOrigin(peer: proxy, headers: headers, trustedProxy: "10.0.0.2")
        #expect(viaProxy.address == "192.0.2.44")
        #expect(viaProxy.isHTTPS)
        let direct = ClientOrigin(peer: stranger, headers: headers, trustedProxy: "10.0.0.2")
        #expect(direct.address == "198.51.100.7")
        #expect(!direct.isHTTPS)
        #expect(ClientOrigin(peer: stranger, headers: headers, trustedProxy: nil).address == "198.51.100.7")
    }
}

@Suite struct RSVPLiveServerTests {
    @Test func behindTheTrustedProxyEachForwardedClientHasItsOwnLimit() async throws {
        var fixture = RSVPFixture(addressLimit: RateLimitRule(burst: 1, interval: .seconds(60)))
        fixture.configuration.trustedProxy = "127.0.0.1"
        let server = try RSVPServer(directory: fixture.directory, configuration: fixture.configuration, logger: fixture.logs.logger)
        let app = Application(router: server.router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            var statuses: [HTTPResponse.Status] = []
            for forwardedFor in ["203.0.113.9", "203.0.113.9", "203.0.113.10"] {
                let headers: HTTPFields = [.xForwardedFor: forwardedFor]
                statuses.append(try await client.execute(uri: "/r/\(RSVPFixture.token)", method: .get, headers: headers).status)
            }
            #expect(statuses == [.ok, .tooManyRequests, .ok])
        }
    }
}
