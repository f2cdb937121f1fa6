import BlueprintDemo
import BlueprintDomain
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Foundation
import Testing

/// The frame drawn right after an edit key already shows the edit (before its write returns);
/// a failed write takes it back. And whatever sequence of keys and other sessions' writes, the
/// frame drawn from stores patched by changes equals the frame drawn after loading them afresh.
@Suite("Frames after edits")
@MainActor
struct EditFrameTests {
    /// The first guest row of the table (Ana Alvarez, selected).
    static let anaRow = 4

    @Test("the frame drawn right after an RSVP key shows the answer, before the write has returned")
    func theFrameAfterTheKeyShowsTheEdit() async throws {
        let planner = await PlannerHarness()
        #expect(planner.rows[Self.anaRow].contains("Attending"))

        _ = planner.driver.handle(.character("D"), size: planner.canvas.size)
        #expect(planner.rows[Self.anaRow].contains("Declined"))
        #expect(planner.rows[1].hasPrefix("2 coming (with plus-ones)  2 attending  2 declined"))

        await planner.screen.settle()
        #expect(try await planner.storedGuests().first { $0.id == Wedding1.ana }?.rsvp == .declined)
        #expect(planner.rows[Self.anaRow].contains("Declined"))
    }

    @Test("a write that fails takes the edit back off the screen and says why")
    func aFailedWriteRollsTheFrameBack() async throws {
        let planner = await PlannerHarness()
        await planner.host.failNextWrites()

        _ = planner.driver.handle(.character("D"), size: planner.canvas.size)
        #expect(planner.rows[Self.anaRow].contains("Declined"))

        await planner.screen.settle()
        #expect(planner.rows[Self.anaRow].contains("Attending"))
        #expect(planner.rows[1].hasPrefix("4 coming (with plus-ones)  3 attending  1 declined"))
        #expect(planner.statusRow.contains("Not saved: injected write failure"))
    }

    @Test("random keys and other sessions' writes: the patched frame equals a frame of freshly loaded stores",
          .timeLimit(.minutes(10)), arguments: 1...6)
    func patchedFramesEqualFreshOnes(seed: UInt64) async throws {
        var random = SeededRandom(seed: seed)
        let planner = await PlannerHarness([Wedding1.dataset(extraGuests: 40)])
        let keys: [Key] = [.character("A"), .character("D"), .character("M"), .character("P"), .character("I"), .character(" "),
                           .down, .down, .up, .pageDown, .character("G"), .character("g"), .character("s"), .character("S"),
                           .character("u")]
        for step in 0..<40 {
            if random.int(in: 0...4) == 0 {
                let stored = try await planner.storedGuests()
                var guest = stored[random.int(in: 0...stored.count - 1)]
                guest.rsvp = random.pick(RSVPStatus.allCases)
                guest.table = random.int(in: 0...2) == 0 ? nil : random.int(in: 1...9)
                guest.version += 1
                planner.holdsMessages = true
                await planner.host.simulateExternalWrite(planner.weddingID, [.save(guest)])
                let written = guest
                await planner.handleMessages { planner.session.guests.guest(written.id)?.version == written.version }
            } else {
                await planner.press(random.pick(keys))
            }
            let stored = try await planner.storedGuests()
            #expect(Set(planner.session.guests.guests) == Set(stored), "seed \(seed), step \(step): a change did not reach the store")
            let patched = planner.frame()
            for store in planner.session.stores { await store.load(force: true) }
            #expect(planner.frame() == patched, "seed \(seed), step \(step)")
        }
    }
}
