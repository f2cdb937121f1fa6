import BlueprintCache
import BlueprintDomain
import Testing

@Suite struct CacheKeyTests {
    @Test func keyIsResourceThenWedding() {
        let wedding = WeddingID(string: "8F0C5E7A-1B2C-4D3E-9F40-123456789ABC")!
        #expect(CacheKey(.guestStats, wedding).description == "guest_stats_8f0c5e7a-1b2c-4d3e-9f40-123456789abc")
        #expect(CacheKey(.vendorPaymentTotals, wedding).description
            == "vendor_payment_totals_8f0c5e7a-1b2c-4d3e-9f40-123456789abc")
    }

    @Test func everyKeyNamesItsWedding() {
        let wedding = WeddingID()
        for key in CacheKey.all(of: wedding) {
            #expect(key.wedding == wedding)
            #expect(key.description.hasSuffix("_\(wedding)"))
        }
    }

    @Test func keysOfTwoWeddingsNeverCollide() {
        let first = CacheKey.all(of: WeddingID()), second = CacheKey.all(of: WeddingID())
        let keys = first + second
        #expect(Set(keys).count == 2 * CacheResource.allCases.count)
        #expect(Set(keys.map(\.description)).count == keys.count)
    }

    @Test func resourceNamesAreDistinct() {
        let names = CacheResource.allCases.map(\.name)
        #expect(Set(names).count == names.count)
    }

    @Test func equalKeysAreEqualAndHashAlike() {
        let wedding = WeddingID()
        let rebuilt = WeddingID(string: wedding.description)!
        #expect(CacheKey(.tasks, wedding) == CacheKey(.tasks, rebuilt))
        #expect(Set([CacheKey(.tasks, wedding), CacheKey(.tasks, rebuilt)]).count == 1)
        #expect(CacheKey(.tasks, wedding) != CacheKey(.taskStats, wedding))
    }

    @Test func patternsMatchAResourceOrAWedding() {
        let ana = WeddingID(), ben = WeddingID()
        #expect(CacheKeyPattern.resource(.guests).matches(CacheKey(.guests, ana)))
        #expect(CacheKeyPattern.resource(.guests).matches(CacheKey(.guests, ben)))
        #expect(!CacheKeyPattern.resource(.guests).matches(CacheKey(.guestStats, ana)))
        #expect(CacheKeyPattern.wedding(ana).matches(CacheKey(.vendors, ana)))
        #expect(!CacheKeyPattern.wedding(ana).matches(CacheKey(.vendors, ben)))
    }
}
