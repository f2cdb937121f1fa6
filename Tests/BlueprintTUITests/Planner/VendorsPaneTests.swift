import BlueprintDomain
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Foundation
import Testing

@Suite("Vendors pane")
@MainActor
struct VendorsPaneTests {
    func opened() async -> PlannerHarness {
        let planner = await PlannerHarness()
        await planner.press(.character("3"))
        return planner
    }

    func storedVendor(_ planner: PlannerHarness, _ id: UUID) async throws -> Vendor? {
        try await planner.stored { $0.vendors[id] }
    }

    @Test("the figures and the table: name, category, status, contact, quote")
    func table() async {
        let planner = await opened()
        let rows = planner.rows
        #expect(rows[1].hasPrefix("2 vendors  1 booked  1 quoted  $8,150.00 quoted in all  $7,500.00 booked cost"))
        #expect(rows[2].hasPrefix("Name ▲"))
        #expect(rows[3].hasPrefix("Grand Hall"))
        #expect(rows[3].contains("Venue        Booked      Gia Hall"))
        #expect(rows[3].hasSuffix("$7,500.00"))
        #expect(planner.statusRow.hasPrefix(" VENDORS │ 2 vendors"))
    }

    @Test("f filters by status and category; F clears")
    func filters() async {
        let planner = await opened()
        await planner.press(.character("f"), .right, .right, .right, .right)
        #expect(planner.session.vendors.visibleVendors.map(\.name) == ["Grand Hall"])
        await planner.press(.left, .tab)
        await planner.type("f")
        await planner.press(.enter)
        #expect(planner.session.vendors.visibleVendors.map(\.name) == ["Rose Florist"])
        #expect(planner.statusRow.contains("quoted · Florist · 1 of 2 vendors"))
        await planner.press(.character("F"))
        #expect(planner.session.vendors.visibleVendors.count == 2)
    }

    @Test("b books the selected vendor today; u takes it back")
    func book() async throws {
        let planner = await opened()
        await planner.press(.character("j"), .character("b"))
        let rose = try #require(try await storedVendor(planner, Wedding1.roseFlorist))
        #expect(rose.status == .booked)
        #expect(rose.bookedDate == Wedding1.today)
        #expect(planner.statusRow.contains("Booked Rose Florist today"))
        await planner.press(.character("u"))
        #expect(try await storedVendor(planner, Wedding1.roseFlorist)?.status == .quoted)
    }

    @Test("X archives the selected vendor: gone from the list and the figures; H shows it; u brings it back")
    func archive() async throws {
        let planner = await opened()
        await planner.press(.character("X"))
        #expect(try await storedVendor(planner, Wedding1.grandHall)?.isArchived == true)
        #expect(planner.session.vendors.visibleVendors.map(\.name) == ["Rose Florist"])
        #expect(planner.rows[1].hasPrefix("1 vendor  0 booked  1 quoted  $650.00 quoted in all  $0.00 booked cost"))
        #expect(planner.statusRow.contains("Archived Grand Hall"))
        await planner.press(.character("H"))
        #expect(planner.statusRow.contains("Showing archived vendors"))
        #expect(planner.session.vendors.visibleVendors.map(\.name) == ["Grand Hall", "Rose Florist"])
        #expect(planner.rows[3].contains("Venue        Archived"))
        await planner.press(.character("g"), .enter)
        #expect(planner.rows.contains { $0.contains("Status  Booked, archived") })
        await planner.press(.escape)
        await planner.press(.character("H"), .character("u"))
        #expect(try await storedVendor(planner, Wedding1.grandHall)?.isArchived == false)
        #expect(planner.session.vendors.visibleVendors.map(\.name) == ["Grand Hall", "Rose Florist"])
        #expect(planner.rows[1].hasPrefix("2 vendors  1 booked"))
    }

    @Test("the filter form's Archived choice shows archived vendors")
    func archivedFilter() async throws {
        let planner = await opened()
        await planner.press(.character("X"))
        await planner.press(.character("f"), .tab, .tab, .tab, .right, .enter)
        #expect(planner.session.vendors.visibleVendors.map(\.name) == ["Grand Hall", "Rose Florist"])
        #expect(planner.statusRow.contains("with archived · 2 vendors"))
        await planner.press(.character("F"))
        #expect(planner.session.vendors.visibleVendors.map(\.name) == ["Rose Florist"])
    }

    @Test("the details show every contact field, the linked budget category and what was paid")
    func detail() async {
        let planner = await opened()
        await planner.press(.enter)
        let frame = planner.frame()
        for text in ["Contact  Gia Hall", "Phone  555-0100", "Email  events@grandhall.example", "Website  grandhall.example",
                     "Quote  $7,500.00", "Booked on  2025-11-02", "Budget category  Venue", "Committed  $6,000.00",
                     "Paid  $3,000.00"] {
            #expect(frame.contains(text), "\(text)")
        }
    }

    @Test("the details show the vendor's ledger: outstanding, and each dated payment still owed")
    func ledger() async {
        let planner = await opened()
        await planner.press(.enter)
        let frame = planner.frame()
        #expect(frame.contains("Outstanding  $3,000.00"))
        #expect(frame.contains("Due 2026-01-20  $3,000.00 Venue deposit"))
        #expect(!frame.contains("overdue"))
    }

    @Test("a adds a vendor linked to a budget category; a bad email is refused beside its field")
    func addLinked() async throws {
        let planner = await opened()
        await planner.press(.character("a"))
        await planner.type("DJ Sparkle")
        await planner.press(.tab)
        await planner.type("m")
        await planner.press(.tab, .tab, .tab, .tab)
        await planner.type("dj@sparkle")
        for _ in 0..<4 { await planner.press(.tab) }
        await planner.type("m")
        await planner.press(.enter)
        #expect(planner.frame().contains("'dj@sparkle' is not an email address"))
        await planner.press(.control("u"))
        await planner.type("dj@sparkle.example")
        await planner.press(.enter)
        let added = try #require(try await planner.stored { $0.vendors.records.first { $0.name == "DJ Sparkle" } })
        #expect(added.category == .music)
        #expect(added.budgetCategoryID == Wedding1.music)
        #expect(added.email == "dj@sparkle.example")
    }
}
