import BlueprintDomain
import BlueprintWeb
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@Suite struct RSVPPageTests {
    @Test func thePageShowsTheDayEachMemberAndTheMealOptions() async throws {
        let fixture = RSVPFixture()
        try await fixture.test { client in
            let response = try await client.execute(uri: "/r/\(RSVPFixture.token)", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            let page = response.text
            #expect(page.contains(shown("Ana Ruiz &amp; Ben Okafor")))
            #expect(page.contains("Saturday, June 12, 2027"))
            #expect(page.contains(shown("Finca El Olivar, Ronda") + " · 5:30"))
            #expect(page.contains("Please answer by Saturday, May 1, 2027."))
            for name in ["Dolores Fuentes", "Mateo Fuentes", "Lucía Fuentes"] {
                #expect(page.contains("<legend>\(shown(name))</legend>"))
            }
            for meal in ["Chicken", "Fish", "Vegetarian"] {
                #expect(page.contains("<option value=\"\(meal)\">\(meal)</option>"))
            }
            // Only Lucía may bring a guest.
            #expect(page.components(separatedBy: "may bring a guest").count == 2)
            #expect(page.contains("<html lang=\"en-US\">"))
            #expect(!page.contains("<script"))
            #expect(RSVPFixture.formToken(in: page) != nil)
        }
    }

    @Test func everyInputHasALabel() async throws {
        let fixture = RSVPFixture()
        try await fixture.test { client in
            let page = try await client.execute(uri: "/r/\(RSVPFixture.token)", method: .get).text
            let ids = page.matches(of: /<(?:input type="text"|textarea|select) id="([^"]+)"/).map { String($0.1) }
            // A meal and dietary needs per member, the plus-one's name and meal, the message.
            let expected = 3 * 2 + 2 + 1
            #expect(ids.count == expected)
            for id in ids { #expect(page.contains("<label for=\"\(id)\">"), "no label for \(id)") }
            #expect(page.matches(of: /<input type="radio"/).count == 6)
        }
    }

    @Test func hostileNamesAreEscaped() async throws {
        let hostile = "<script>alert('x')</script> \"Bobby\" & \u{202E}evil"
        let fixture = RSVPFixture(members: [RSVPMember(id: RSVPFixture.ana, name: hostile, plusOneAllowed: true,
                                                       plusOneName: "\"><img src=x onerror=alert(1)>")],
                                  coupleNames: "<b>Ana</b> & 'Ben'")
        try await fixture.test { client in
            let page = try await client.execute(uri: "/r/\(RSVPFixture.token)", method: .get).text
            #expect(!page.contains("<script>"))
            #expect(!page.contains("<img"))
            #expect(!page.contains("<b>Ana"))
            // Escaped, and the right-to-left override is closed before the page's own text.
            #expect(page.contains(shown("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &quot;Bobby&quot; &amp; \u{202E}evil")))
            #expect(page.contains("value=\"&quot;&gt;&lt;img src=x onerror=alert(1)&gt;\""))
            #expect(page.contains(shown("&lt;b&gt;Ana&lt;/b&gt; &amp; &#39;Ben&#39;")))
        }
    }

    @Test func afterTheDeadlineThePageIsReadOnlyWithTheContactLine() async throws {
        let fixture = RSVPFixture(members: [RSVPMember(id: RSVPFixture.ana, name: "Dolores Fuentes", rsvp: .attending, meal: "Fish")])
        fixture.clock.advance(by: .seconds(31 * 86_400))
        try await fixture.test { client in
            let response = try await client.execute(uri: "/r/\(RSVPFixture.token)", method: .get)
            #expect(response.status == .ok)
            #expect(!response.text.contains("<form"))
            #expect(response.text.contains("Answers closed on Saturday, May 1, 2027."))
            #expect(response.text.contains("<li>\(shown("Dolores Fuentes")): attending · \(shown("Fish"))</li>"))
            #expect(response.text.contains(shown("Questions? Write to ana@example.com")))
        }
    }

    @Test func theStylesheetAndHealthCheckAreServed() async throws {
        try await RSVPFixture().test { client in
            let css = try await client.execute(uri: "/static/site.css", method: .get)
            #expect(css.status == .ok)
            #expect(css.headers[.contentType] == "text/css; charset=utf-8")
            let health = try await client.execute(uri: "/healthz", method: .get)
            #expect(health.status == .ok)
            #expect(health.text == "ok")
        }
    }
}
