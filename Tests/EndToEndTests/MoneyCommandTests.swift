import Foundation
import Testing

@Suite("blueprint money figures")
struct MoneyCommandTests {
    @Test("stats --json says how far the allocations go beyond the total budget")
    func overAllocatedInStats() throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["demo", "--name", "Ana & Ben", "--guests", "10", "--seed", "7"]).status == 0)
        let stats = try blueprint.run(["stats", "--json"])
        #expect(stats.status == 0, "\(stats.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        let budget = try #require(json["budget"] as? [String: Any])
        let total = try #require(budget["totalBudget"] as? Int), allocated = try #require(budget["allocated"] as? Int)
        #expect(budget["overAllocated"] as? Int == max(0, allocated - total), "\(budget)")
    }
}
