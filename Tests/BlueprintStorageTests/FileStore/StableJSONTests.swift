import BlueprintDomain
import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Testing

@Suite("Files are plain, stable, diffable JSON")
struct StableJSONTests {
    static let weddingID = WeddingID(string: "bca9f42f-791d-4b44-a6a7-0a687646037c")!

    /// Writes the same small wedding into a fresh data directory and compacts it.
    static func writeSample(in directory: TemporaryDataDirectory, guestOrder: [Int] = [2, 1]) async throws {
        let store = try directory.openStore()
        _ = try await store.createWedding(Fixtures.wedding(id: weddingID))
        for number in guestOrder {
            var guest = Fixtures.guest(number, lastName: number == 2 ? "Okafor" : nil)
            if number == 2 {
                guest.table = 4
                guest.notes = "Line one\nline two / \"quoted\""
            }
            _ = try await store.write(weddingID, operation: "add guest") { [guest] in try $0.insert(guest) }
        }
        await store.close()
    }

    @Test func filesArePrettyPrintedWithSortedKeys() async throws {
        let directory = try TemporaryDataDirectory()
        try await StableJSONTests.writeSample(in: directory, guestOrder: [2])

        #expect(try String(contentsOfFile: directory.file("wedding.json", of: StableJSONTests.weddingID), encoding: .utf8) == """
            {
              "journalGeneration" : 0,
              "wedding" : {
                "createdAt" : "2026-09-21T14:13:20.000Z",
                "currency" : "USD",
                "id" : "bca9f42f-791d-4b44-a6a7-0a687646037c",
                "mealOptions" : [
                  "Chicken",
                  "Beef",
                  "Fish",
                  "Vegetarian",
                  "Vegan"
                ],
                "name" : "Ana & Ben",
                "partner1Name" : "Ana",
                "partner2Name" : "Ben",
                "totalBudget" : 0,
                "updatedAt" : "2026-09-21T14:13:20.000Z",
                "version" : 1
              }
            }

            """)
        #expect(try String(contentsOfFile: directory.file("guests.json", of: StableJSONTests.weddingID), encoding: .utf8) == """
            {
              "guests" : [
                {
                  "accessibilityNeeds" : "",
                  "address" : {
                    "city" : "",
                    "country" : "",
                    "line1" : "",
                    "line2" : "",
                    "postalCode" : "",
                    "region" : ""
                  },
                  "createdAt" : "2026-09-21T14:13:20.000Z",
                  "dietaryRestrictions" : "",
                  "email" : "",
                  "firstName" : "Guest",
                  "household" : "",
                  "id" : "00000000-0000-4000-8000-000000000002",
                  "invitedBy" : "both",
                  "lastName" : "Okafor",
                  "mealChoice" : "",
                  "notes" : "Line one\\nline two / \\"quoted\\"",
                  "phone" : "",
                  "plusOneAllowed" : false,
                  "plusOneAttending" : false,
                  "plusOneDietaryRestrictions" : "",
                  "plusOneMealChoice" : "",
                  "plusOneName" : "",
                  "relationship" : "",
                  "rsvp" : "invited",
                  "table" : 4,
                  "updatedAt" : "2026-09-21T14:13:20.000Z",
                  "version" : 1,
                  "weddingPartyRole" : ""
                }
              ],
              "journalGeneration" : 1
            }

            """)
        #expect(try String(contentsOfFile: directory.file("meta.json", of: StableJSONTests.weddingID), encoding: .utf8) == """
            {
              "format" : "blueprint-wedding",
              "schemaVersion" : 5
            }

            """)
    }

    @Test func recordsAreWrittenInTableOrder() async throws {
        let directory = try TemporaryDataDirectory()
        try await StableJSONTests.writeSample(in: directory, guestOrder: [2, 3, 1])
        let data = try Data(contentsOf: URL(fileURLWithPath: directory.file("guests.json", of: StableJSONTests.weddingID)))
        let guests = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["guests"] as? [[String: Any]])
        #expect(guests.compactMap { $0["id"] as? String } == [2, 3, 1].map { Fixtures.uuid($0).uuidString })
    }

    @Test func theSameDataGivesTheSameBytes() async throws {
        let first = try TemporaryDataDirectory(), second = try TemporaryDataDirectory()
        try await StableJSONTests.writeSample(in: first)
        try await StableJSONTests.writeSample(in: second)
        for name in ["meta.json", "wedding.json", "guests.json", "budget.json", "vendors.json", "tasks.json", "journal.jsonl"] {
            let left = try Data(contentsOf: URL(fileURLWithPath: first.file(name, of: StableJSONTests.weddingID)))
            let right = try Data(contentsOf: URL(fileURLWithPath: second.file(name, of: StableJSONTests.weddingID)))
            #expect(left == right, "\(name) differs")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: first.root + "/index.json"))
                == Data(contentsOf: URL(fileURLWithPath: second.root + "/index.json")))
    }
}
