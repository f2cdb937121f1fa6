import BlueprintDomain
import BlueprintTestDoubles
import BlueprintWeb
import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdTesting

/// A server over an in-memory directory of one household of three (one may bring a guest),
/// with a manual clock, and helpers to read its pages and post its form.
struct RSVPFixture {
    static let token = "k7Qx2mZp9VtR4sLw8NbE3yHc"
    static let ana = UUID(uuidString: "00000000-0000-0000-0000-0000000000A1")!
    static let ben = UUID(uuidString: "00000000-0000-0000-0000-0000000000B2")!
    static let cleo = UUID(uuidString: "00000000-0000-0000-0000-0000000000C3")!
    /// 2027-05-01, the deadline.
    static let deadline = CalendarDate(year: 2027, month: 5, day: 1)!
    /// 2027-04-01T12:00Z, a month before the deadline.
    static let start = Timestamp(iso: "2027-04-01T12:00:00Z")!

    let directory: InMemoryRSVPDirectory
    let clock = ManualClock(start: RSVPFixture.start)
    let logs = LogCapture()
    var configuration: RSVPServerConfiguration

    init(members: [RSVPMember] = RSVPFixture.members, coupleNames: String = "Ana Ruiz & Ben Okafor",
         addressLimit: RateLimitRule = RateLimitRule(burst: 1000, interval: .milliseconds(1)),
         linkLimit: RateLimitRule = RateLimitRule(burst: 1000, interval: .milliseconds(1))) {
        let household = RSVPHousehold(
            coupleNames: coupleNames, weddingDate: CalendarDate(year: 2027, month: 6, day: 12),
            ceremonyPlace: "Finca El Olivar, Ronda", ceremonyTime: TimeOfDay(hour: 17, minute: 30),
            rsvpDeadline: Self.deadline, mealOptions: ["Chicken", "Fish", "Vegetarian"],
            contactLine: "Questions? Write to ana@example.com", members: members)
        directory = InMemoryRSVPDirectory([Self.token: household])
        configuration = RSVPServerConfiguration(baseURL: "https://rsvp.example.com", clock: clock,
                                                addressLimit: addressLimit, linkLimit: linkLimit)
    }

    static let members = [
        RSVPMember(id: ana, name: "Dolores Fuentes", plusOneAllowed: false),
        RSVPMember(id: ben, name: "Mateo Fuentes"),
        RSVPMember(id: cleo, name: "Lucía Fuentes", plusOneAllowed: true),
    ]

    /// Runs `test` against the server's router.
    func test<Value: Sendable>(_ test: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        let server = try RSVPServer(directory: directory, configuration: configuration, logger: logs.logger)
        return try await Application(router: server.router()).test(.router, test)
    }

    /// The form token in a page.
    static func formToken(in page: String) -> String? {
        guard let match = page.firstMatch(of: /name="form-token" value="([^"]*)"/) else { return nil }
        return String(match.1)
    }

    /// A form body of `fields`, percent-encoded.
    static func formBody(_ fields: [(String, String)]) -> ByteBuffer {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let text = fields.map { name, value in
            "\(name.addingPercentEncoding(withAllowedCharacters: allowed)!)=\(value.addingPercentEncoding(withAllowedCharacters: allowed)!)"
        }.joined(separator: "&")
        return ByteBuffer(string: text)
    }

    /// A complete answer: everyone comes, Lucía with a guest.
    static func answerFields(formToken: String, message: String = "See you there!") -> [(String, String)] {
        [("form-token", formToken),
         ("attending-\(ana.uuidString)", "yes"), ("meal-\(ana.uuidString)", "Fish"), ("dietary-\(ana.uuidString)", ""),
         ("attending-\(ben.uuidString)", "no"), ("meal-\(ben.uuidString)", ""), ("dietary-\(ben.uuidString)", ""),
         ("attending-\(cleo.uuidString)", "yes"), ("meal-\(cleo.uuidString)", "Vegetarian"), ("dietary-\(cleo.uuidString)", "No nuts"),
         ("plus-one-name-\(cleo.uuidString)", "Tomás Reyes"), ("plus-one-meal-\(cleo.uuidString)", "Chicken"),
         ("message", message)]
    }

    static let formHeaders: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
}

extension TestResponse {
    var text: String { String(buffer: body) }
}

/// `text` as the pages show a guest's text: isolated from the text around it.
func shown(_ text: String) -> String { "\u{2068}\(text)\u{2069}" }
