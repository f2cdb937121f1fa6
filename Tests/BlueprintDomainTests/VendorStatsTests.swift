import BlueprintDomain
import Foundation
import Testing

@Suite("VendorStats")
struct VendorStatsTests {
    static let vendors = [
        Vendor(name: "Hall", category: .venue, status: .booked, quotedAmount: usd(8_000), createdAt: createdTime),
        Vendor(name: "Barn", category: .venue, status: .quoted, quotedAmount: usd(6_000), createdAt: createdTime),
        Vendor(name: "Castle", category: .venue, status: .declined, quotedAmount: usd(20_000), createdAt: createdTime),
        Vendor(name: "Old DJ", category: .music, status: .declined, quotedAmount: usd(900), createdAt: createdTime),
        Vendor(name: "Band", category: .music, status: .booked, quotedAmount: usd(2_500), createdAt: createdTime),
        Vendor(name: "Band 2", category: .music, status: .booked, createdAt: createdTime),
        Vendor(name: "Petals", category: .florist, status: .researching, createdAt: createdTime),
        Vendor(name: "Lens", category: .photography, status: .contacted, quotedAmount: usd(3_000), createdAt: createdTime),
    ]

    @Test("counts vendors per status and per category")
    func counts() {
        let stats = VendorStats(vendors: Self.vendors)
        #expect(stats.total == 8)
        #expect(stats.byStatus == [.booked: 3, .quoted: 1, .declined: 2, .researching: 1, .contacted: 1])
        #expect(stats.byCategory == [.venue: 3, .music: 3, .florist: 1, .photography: 1])
    }

    @Test("total quoted leaves out declined vendors and missing quotes")
    func totalQuoted() {
        #expect(VendorStats(vendors: Self.vendors).totalQuoted == usd(8_000 + 6_000 + 2_500 + 3_000))
    }

    @Test("booked cost sums the quotes of booked vendors")
    func bookedCost() {
        #expect(VendorStats(vendors: Self.vendors).bookedCost == usd(10_500))
    }

    @Test("archived vendors are left out of every figure and only counted as archived")
    func archivedLeftOut() {
        let archived = [
            Vendor(name: "Past Hall", category: .venue, status: .booked, quotedAmount: usd(9_000), isArchived: true,
                   createdAt: createdTime),
            Vendor(name: "Past Lens", category: .photography, status: .quoted, quotedAmount: usd(1_000), isArchived: true,
                   createdAt: createdTime),
        ]
        let stats = VendorStats(vendors: Self.vendors + archived)
        #expect(stats.total == 8 && stats.archived == 2)
        #expect(stats.byStatus == [.booked: 3, .quoted: 1, .declined: 2, .researching: 1, .contacted: 1])
        #expect(stats.byCategory == [.venue: 3, .music: 3, .florist: 1, .photography: 1])
        #expect(stats.totalQuoted == usd(8_000 + 6_000 + 2_500 + 3_000))
        #expect(stats.bookedCost == usd(10_500))
        #expect(VendorStats(vendors: Self.vendors).archived == 0)
    }

    @Test("a vendor an older build stored as \"archived\" is out of the figures and the list, like any archived vendor")
    func formerArchivedStatus() throws {
        let old = try JSONDecoder().decode(Vendor.self, from: Data(RecordCodingTests.formerlyArchivedVendor.utf8))
        let stats = VendorStats(vendors: Self.vendors + [old])
        #expect(stats.total == 8 && stats.archived == 1)
        #expect(stats.byStatus == [.booked: 3, .quoted: 1, .declined: 2, .researching: 1, .contacted: 1])
        #expect(stats.byCategory[.photography] == 1)
        #expect(stats.totalQuoted == usd(8_000 + 6_000 + 2_500 + 3_000))
        #expect(!VendorFilter().matches(old))
        #expect(VendorFilter(status: [.declined], includesArchived: true).matches(old))
    }

    @Test("no vendors, nothing quoted")
    func empty() {
        let stats = VendorStats(vendors: [Vendor]())
        #expect(stats.total == 0 && stats.totalQuoted == .zero && stats.bookedCost == .zero && stats.byStatus.isEmpty)
    }
}
