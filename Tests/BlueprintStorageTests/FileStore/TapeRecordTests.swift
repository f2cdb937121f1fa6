import BlueprintDemo
import BlueprintDomain
@testable import BlueprintStorage
import Foundation
import Testing

/// Guests are read straight off the tape (`TapeRecord`), bypassing their `Decodable`
/// conformance. Whatever that reads must be what `Decodable` reads; whatever it cannot read it
/// must leave to `Decodable`, so every refusal keeps its words and its line.
@Suite("Guests read straight off the tape")
struct TapeRecordTests {
    /// Decodes a guest through its `Decodable` conformance only: `TapeReader` takes the fast
    /// path for a type that is a `TapeRecord`, and this wrapper is not one.
    struct ThroughDecodable: Decodable {
        let guest: Guest
        init(from decoder: any Decoder) throws { guest = try Guest(from: decoder) }
    }

    /// What decoding gives: the guest, or the error's line, column and message.
    enum Outcome: Equatable {
        case guest(Guest)
        case error(line: Int, column: Int, message: String)

        init(_ body: () throws -> Guest) {
            do {
                self = .guest(try body())
            } catch let error as JSONReadError {
                self = .error(line: error.line, column: error.column, message: error.message)
            } catch {
                self = .error(line: 0, column: 0, message: "\(error)")
            }
        }
    }

    static func ours(_ text: String) -> Outcome { Outcome { try StoreJSONDecoder().decode(Guest.self, from: Data(text.utf8)) } }
    static func throughDecodable(_ text: String) -> Outcome {
        Outcome { try StoreJSONDecoder().decode(ThroughDecodable.self, from: Data(text.utf8)).guest }
    }
    /// The fast path alone: the guest it reads from the object `text` holds, or `nil`.
    static func fastPath(_ text: String) throws -> Guest? {
        try Data(text.utf8).withUnsafeBytes { bytes in
            Guest(tapeObject: 0, in: TapeReader(bytes: bytes, tape: try JSONTape(parsing: bytes)))
        }
    }

    static func encoded(_ guest: Guest) throws -> String { String(decoding: try StoreJSON.fileEncoder().encode(guest), as: UTF8.self) }

    /// The keys of an encoded value, in the order the encoder wrote them.
    static func keys(of text: String) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return object.keys.sorted { text.range(of: "\"\($0)\" :")!.lowerBound < text.range(of: "\"\($1)\" :")!.lowerBound }
    }

    /// A guest with every field given, so that the encoder writes every key.
    static let everyFieldGiven = Guest(
        firstName: "Ada", lastName: "Okafor", email: "ada@example.com", phone: "+44 20 7946 0000", household: "The Okafors",
        invitedBy: .partner2, relationship: "Cousin", rsvp: .attending, plusOneAllowed: true, plusOneName: "Sam",
        plusOneAttending: true, plusOneMealChoice: "Vegan", plusOneDietaryRestrictions: "No gluten", mealChoice: "Fish",
        dietaryRestrictions: "No nuts", accessibilityNeeds: "Step-free",
        table: 4, seat: 2, weddingPartyRole: "Bridesmaid",
        address: Address(line1: "1 High St", line2: "Flat 2", city: "Leeds", region: "West Yorkshire", postalCode: "LS1 1AA",
                         country: "United Kingdom"),
        notes: "Arrives Friday", version: 7)

    @Test func theFieldsAreEveryKeyOfAnEncodedGuestInTheOrderTheEncoderWritesThem() throws {
        let text = try Self.encoded(Self.everyFieldGiven)
        #expect(try Self.keys(of: text) == Guest.TapeField.allCases.map { "\($0)" })
        let address = try #require(text.range(of: "\"address\" : ")).upperBound
        let addressText = String(text[address...].prefix { $0 != "}" }) + "}"
        #expect(try Self.keys(of: addressText) == Address.TapeField.allCases.map { "\($0)" })
    }

    @Test func everyGuestOfADemoWeddingAndOfAwkwardTextIsReadAsDecodableReadsIt() throws {
        let demo = try DemoWeddingGenerator.make(DemoWeddingOptions(today: CalendarDate(year: 2026, month: 11, day: 21)!, guests: 300))
        var random = SplitMix64(seed: 2026)
        let awkward = (0..<300).map { _ in Self.awkwardGuest(&random) }
        for guest in demo.guests.records + awkward + [Self.everyFieldGiven] {
            let text = try Self.encoded(guest)
            let fast = try Self.fastPath(text)
            #expect(fast == guest, "the fast path reads what the store writes: \(text)")
            #expect(Self.ours(text) == .guest(guest))
            #expect(Self.throughDecodable(text) == .guest(guest))
        }
    }

    @Test func aGuestWrittenBeforePlusOnesHadAMealReadsWithNoneOnBothPaths() throws {
        let text = try Self.encoded(Self.everyFieldGiven)
        let older = text.split(separator: "\n").filter { !$0.contains("\"plusOneMealChoice\"") && !$0.contains("\"plusOneDietary") }
            .joined(separator: "\n")
        var expected = Self.everyFieldGiven
        expected.plusOneMealChoice = ""
        expected.plusOneDietaryRestrictions = ""
        #expect(try Self.fastPath(older) == expected)
        #expect(Self.ours(older) == .guest(expected))
        #expect(Self.throughDecodable(older) == .guest(expected))
    }

    /// Every field of a guest made missing, null, of another kind or odd in turn; and unknown,
    /// repeated and escaped fields. The fast path may read a variant only as `Decodable` reads
    /// it, and the decoder's outcome (value, or message at line and column) must be `Decodable`'s.
    @Test func anythingOddIsReadOrRefusedExactlyAsDecodableDoes() throws {
        let text = try Self.encoded(Self.everyFieldGiven)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var variants: [String] = []
        for (index, line) in lines.enumerated() where line.contains("\" : ") && !line.hasSuffix("{") {
            let key = String(line[..<line.range(of: " : ")!.upperBound])
            let comma = line.hasSuffix(",") ? "," : ""
            func replaced(_ value: String) -> String {
                var changed = lines
                changed[index] = key + value + comma
                return changed.joined(separator: "\n")
            }
            var removed = lines
            removed.remove(at: index)
            if comma.isEmpty, let before = removed.indices.last(where: { $0 < index && removed[$0].hasSuffix(",") }) {
                removed[before].removeLast()
            }
            variants.append(removed.joined(separator: "\n"))
            for value in ["null", "7", "-1", "1.5", "\"7\"", "true", "\"\"", "[]", "{}", "\"attending\"", "\"partner1\"",
                          "\"2026-11-21T09:00:45Z\"", "\"2026-11-21T09:00:45+02:00\"", "\"c146ff41-6ef8-4518-9aaf-4c8f99b0584d\"",
                          #""\u0041da""#, #""line\nbreak""#, "99999999999999999999"] {
                variants.append(replaced(value))
            }
        }
        let opening = try #require(lines.firstIndex(of: "{"))
        for extra in ["\"nickname\" : \"Ace\",", "\"firstName\" : \"Bea\",", "\"id\" : \"00000000-0000-4000-8000-000000000001\","] {
            var changed = lines
            changed.insert("  " + extra, at: opening + 1)
            variants.append(changed.joined(separator: "\n"))
        }
        // The address object with a field missing, repeated, or not an object.
        variants.append(text.replacingOccurrences(of: "\"city\" : \"Leeds\",", with: ""))
        variants.append(text.replacingOccurrences(of: "\"city\" : \"Leeds\",", with: "\"city\" : \"Leeds\", \"city\" : \"York\","))
        variants.append(text.replacingOccurrences(of: "\"city\" : \"Leeds\",", with: "\"city\" : 3,"))

        for variant in variants {
            let expected = Self.throughDecodable(variant)
            #expect(Self.ours(variant) == expected, "\(variant)")
            if let fast = try Self.fastPath(variant) {
                #expect(expected == .guest(fast), "the fast path read a variant as Decodable does not: \(variant)")
            }
        }
    }

    /// A guest of random text from a pool that stresses the reader: escapes, quotes,
    /// backslashes, control characters, non-ASCII, combining accents, emoji, long and empty text.
    static func awkwardGuest(_ random: inout SplitMix64) -> Guest {
        let pool = ["", "Ada", "O'Brien", "Zoë", "Zoe\u{308}", "\"Quoted\"", "back\\slash", "tab\there", "new\nline", "陈建华",
                    "🎉 party", "emoji 👩‍👩‍👧", "\u{1}control", "slash/ed", String(repeating: "long ", count: 40), "Ünïcödé façade",
                    "\u{2028}separator", "null", "true", "{\"json\": 1}"]
        func text() -> String { pool[Int(random.next() % UInt64(pool.count))] }
        func flag() -> Bool { random.next() % 2 == 0 }
        func number() -> Int? { random.next() % 3 == 0 ? nil : Int(truncatingIfNeeded: random.next() % 400) - 20 }
        return Guest(
            firstName: text(), lastName: text(), email: text(), phone: text(), household: text(),
            invitedBy: InvitedBy.allCases[Int(random.next() % 3)], relationship: text(),
            rsvp: RSVPStatus.allCases[Int(random.next() % UInt64(RSVPStatus.allCases.count))], plusOneAllowed: flag(),
            plusOneName: text(), plusOneAttending: flag(), plusOneMealChoice: text(), plusOneDietaryRestrictions: text(),
            mealChoice: text(), dietaryRestrictions: text(),
            accessibilityNeeds: text(), table: number(), seat: number(), weddingPartyRole: text(),
            address: Address(line1: text(), line2: text(), city: text(), region: text(), postalCode: text(), country: text()),
            notes: text(),
            createdAt: Timestamp(Date(timeIntervalSince1970: Double(random.next() % 4_000_000_000_000) / 1000)),
            version: Int(random.next() % 1000) + 1)
    }
}

/// A small seeded generator, so a failing case is the same on every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
