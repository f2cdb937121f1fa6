import BlueprintDomain
import Foundation
import Testing

@Suite("Timestamp")
struct TimestampTests {
    @Test("prints ISO-8601 UTC with milliseconds and parses it back")
    func roundTrip() throws {
        let stamp = Timestamp(millisecondsSince1970: 1_795_237_959_123)
        #expect(stamp.description == "2026-11-21T05:12:39.123Z")
        #expect(Timestamp(iso: stamp.description) == stamp)
        #expect(Timestamp(millisecondsSince1970: 0).description == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp(millisecondsSince1970: 1_000_000_000_007).description == "2001-09-09T01:46:40.007Z")
    }

    @Test("codes as its ISO-8601 text in JSON and decodes back equal")
    func jsonRoundTrip() throws {
        struct Holder: Codable, Equatable { var at: Timestamp }
        let original = Holder(at: Timestamp(millisecondsSince1970: 1_795_237_959_123))
        let json = try JSONEncoder().encode(original)
        #expect(String(decoding: json, as: UTF8.self) == #"{"at":"2026-11-21T05:12:39.123Z"}"#)
        #expect(try JSONDecoder().decode(Holder.self, from: json) == original)
    }

    @Test("reads offsets and converts them to the same instant", arguments: [
        ("2026-06-01T12:00:00+02:00", "2026-06-01T10:00:00.000Z"),
        ("2026-06-01T12:00:00-05:30", "2026-06-01T17:30:00.000Z"),
        ("2026-01-01T01:00:00+02:00", "2025-12-31T23:00:00.000Z"),
        ("2026-12-31T20:00:00.500-05:00", "2027-01-01T01:00:00.500Z"),
        ("2026-06-01T10:00:00+00:00", "2026-06-01T10:00:00.000Z"),
    ])
    func offsets(text: String, utc: String) throws {
        let parsed = try #require(Timestamp(iso: text))
        #expect(parsed.description == utc)
    }

    @Test("reads a missing or short fraction", arguments: [
        ("2026-06-01T10:00:00Z", 0), ("2026-06-01T10:00:00.5Z", 500), ("2026-06-01T10:00:00.12Z", 120),
        ("2026-06-01T10:00:00.123Z", 123), ("2026-06-01T10:00:00.123456Z", 123), ("2026-06-01 10:00:00.250Z", 250),
    ])
    func fractions(text: String, milliseconds: Int64) throws {
        let parsed = try #require(Timestamp(iso: text))
        let wholeSecond = try #require(Timestamp(iso: "2026-06-01T10:00:00Z"))
        #expect(parsed.millisecondsSince1970 - wholeSecond.millisecondsSince1970 == milliseconds)
    }

    @Test("rejects anything that is not a date-time with a zone", arguments: [
        "", "tomorrow", "2026-06-01", "2026-06-01T10:00:00", "2026-06-01T10:00Z", "2026-06-01T24:00:00Z",
        "2026-06-01T10:60:00Z", "2026-02-30T10:00:00Z", "2026-06-01T10:00:00.Z", "2026-06-01T10:00:00+0200",
        "2026-06-01T10:00:00+02", "2026-06-01T10:00:00Zjunk", "2026-06-01T10:00:00+02:00x", "2026-06-01X10:00:00Z",
        "2026-06-01T1a:00:00Z", "2026-06-01T10:00:00+25:00", "2026-06-01T10:00:00-02:75",
    ])
    func rejectsGarbage(text: String) {
        #expect(Timestamp(iso: text) == nil)
    }

    @Test("decoding garbage fails")
    func decodingGarbageFails() {
        struct Holder: Codable { var at: Timestamp }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Holder.self, from: Data(#"{"at":"2026-06-01"}"#.utf8))
        }
    }

    @Test("orders by instant, whatever offset it was written in")
    func ordering() {
        let stamps = ["2026-06-01T12:00:00+02:00", "2026-06-01T09:59:59.999Z", "2026-06-01T10:00:00.001Z",
                      "1969-07-20T20:17:40Z"].map(instant)
        #expect(stamps.sorted().map(\.description) == ["1969-07-20T20:17:40.000Z", "2026-06-01T09:59:59.999Z",
                                                       "2026-06-01T10:00:00.000Z", "2026-06-01T10:00:00.001Z"])
        #expect(instant("2026-06-01T12:00:00+02:00") == instant("2026-06-01T10:00:00Z"))
    }

    @Test("handles instants before 1970")
    func beforeEpoch() throws {
        #expect(Timestamp(millisecondsSince1970: -1).description == "1969-12-31T23:59:59.999Z")
        #expect(Timestamp(iso: "1969-12-31T23:59:59.999Z")?.millisecondsSince1970 == -1)
        let moonLanding = try #require(Timestamp(iso: "1969-07-20T20:17:40Z"))
        #expect(moonLanding.millisecondsSince1970 == -14_182_940_000)
        #expect(moonLanding.description == "1969-07-20T20:17:40.000Z")
        let early = Timestamp(millisecondsSince1970: -2_208_988_800_250)
        #expect(early.description == "1899-12-31T23:59:59.750Z")
        #expect(Timestamp(iso: early.description) == early)
    }

    @Test("converts to and from Foundation's Date at millisecond precision")
    func foundationDate() {
        let stamp = Timestamp(millisecondsSince1970: 1_795_237_959_123)
        #expect(Timestamp(stamp.date) == stamp)
        #expect(Timestamp(Date(timeIntervalSince1970: 12.3456)).millisecondsSince1970 == 12_345)
        #expect(Timestamp(Date(timeIntervalSince1970: -0.0005)).millisecondsSince1970 == -1)
    }
}
