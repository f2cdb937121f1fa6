import BlueprintCache
import BlueprintDomain
import BlueprintStorage
import Foundation
import Testing

@Suite("Cache key coverage")
struct CacheKeyCoverageTests {
    /// Calls every read of every repository once and returns the keys that landed in the cache.
    private func keysWrittenByRepositories() async throws -> (keys: [CacheKey], wedding: WeddingID) {
        let fixture = try await RepositoryFixture()
        try await fixture.repositories.readEveryResource(of: fixture.wedding, asOf: RepositoryFixture.today)
        return (fixture.repositories.cache.keysByRecency(), fixture.wedding)
    }

    @Test("every key a repository writes is invalidated by at least one operation")
    func everyWrittenKeyIsInvalidated() async throws {
        let (written, id) = try await keysWrittenByRepositories()
        let invalidated = CacheOperation.all(in: id).reduce(into: Set<CacheKey>()) { $0.formUnion(CacheInvalidator.keys(for: $1)) }
        #expect(!written.isEmpty)
        for key in written {
            #expect(invalidated.contains(key), "\(key.resource) is written but no operation invalidates it")
        }
    }

    @Test("no strategy names a key that no repository writes")
    func noStrategyNamesAnUnwrittenKey() async throws {
        let (written, id) = try await keysWrittenByRepositories()
        let writtenResources = Set(written.map(\.resource))
        for operation in CacheOperation.all(in: id) {
            for key in CacheInvalidator.keys(for: operation) {
                #expect(writtenResources.contains(key.resource), "\(operation) invalidates \(key.resource), which nothing writes")
            }
        }
    }

    @Test("every key carries its wedding, and the same resource of two weddings are two keys")
    func keysCarryTheirWedding() async throws {
        let (written, id) = try await keysWrittenByRepositories()
        for key in written {
            #expect(key.wedding == id)
            #expect(key.description.hasSuffix("_\(id)"))
        }
        let other = WeddingID()
        #expect(CacheKey(.guests, id) != CacheKey(.guests, other))
        #expect(CacheKey(.guests, id).description != CacheKey(.guests, other).description)
    }
}
