import BlueprintCache
import BlueprintDemo
import BlueprintDomain
import BlueprintRepositories
import BlueprintTestDoubles
import Foundation
import Testing

/// Every way of making a demo wedding (`blueprint demo`, `blueprint --demo`, the welcome
/// screen) goes through `createDemoWedding`, which keeps names unique as naming a wedding does.
@Suite("Demo weddings keep wedding names unique")
struct DemoWeddingCreationTests {
    static let options = DemoWeddingOptions(today: CalendarDate(year: 2026, month: 11, day: 21)!, guests: 5, vendors: 2, tasks: 3,
                                            expenses: 2)

    @Test func aSecondDemoOfTheSameCoupleIsNumberedSoEachNamePicksOneWedding() async throws {
        let repositories = Repositories(host: InMemoryWeddingHost(), cache: RepositoryCache())
        let weddings = repositories.weddings
        let documents = repositories.documents
        let first = try await weddings.createDemoWedding(Self.options, documents: documents)
        let second = try await weddings.createDemoWedding(Self.options, documents: documents)
        let third = try await weddings.createDemoWedding(Self.options, documents: documents)
        #expect(second.name == "\(first.name) (2)")
        #expect(third.name == "\(first.name) (3)")
        #expect(try await weddings.findWedding(first.name.uppercased()).weddingID == first.weddingID)
        #expect(try await weddings.findWedding(second.name).weddingID == second.weddingID)
        #expect(try await repositories.guests.fetchGuests(in: second.weddingID).count == 5)
    }

    @Test func aDemoStoresEveryDocumentsBytesSoEachRecordNamesAnIntactFile() async throws {
        let repositories = Repositories(host: InMemoryWeddingHost(), cache: RepositoryCache())
        let wedding = try await repositories.weddings.createDemoWedding(Self.options, documents: repositories.documents)
        let documents = try await repositories.documents.fetchAll(in: wedding.weddingID)
        #expect(!documents.isEmpty)
        for document in documents {
            let stored = try #require(FileManager.default.contents(atPath: repositories.documents.storedPath(of: document, in: wedding.weddingID)))
            #expect(Document.sha256(of: stored) == document.sha256)
            #expect(stored.count == document.byteCount)
        }
    }

    @Test func aChosenNameThatIsTakenIsRefusedAndNothingIsCreated() async throws {
        let repositories = Repositories(host: InMemoryWeddingHost(), cache: RepositoryCache())
        let weddings = repositories.weddings
        var named = Self.options
        named.name = "Ana & Ben"
        _ = try await weddings.createDemoWedding(named, documents: repositories.documents)
        named.name = " ana & BEN"
        let error = await #expect(throws: DemoWeddingOptionsError.self) { try await weddings.createDemoWedding(named, documents: repositories.documents) }
        #expect(error?.issues == [ValidationIssue(field: "name", message: "a wedding named 'Ana & Ben' already exists")])
        #expect(try await weddings.fetchWeddings().count == 1)
    }
}
