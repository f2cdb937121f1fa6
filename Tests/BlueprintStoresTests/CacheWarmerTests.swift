import BlueprintCache
import BlueprintDomain
@testable import BlueprintStores
import Testing

@MainActor
@Suite("Warming the stores at launch", .timeLimit(.minutes(3)))
struct CacheWarmerTests {
    @Test func everyStoreLoadsAtTheSameTime() async throws {
        let harness = Harness()
        let session = WeddingSession(wedding: harness.weddingID, context: harness.context)
        for domain in StoreDomain.allCases { await harness.probe.hold(.read(domain)) }
        let monitor = PerformanceMonitor(clock: harness.clock)

        let warming = await CacheWarmer(monitor: monitor).warm(session)

        // Every load has started while none can finish: they overlap.
        for domain in StoreDomain.allCases { await harness.probe.waitForCalls(.read(domain)) }
        #expect(session.stores.allSatisfy { $0.loadState == .loading })
        harness.clock.advance(by: .milliseconds(30))
        for domain in StoreDomain.allCases { await harness.probe.release(.read(domain)) }

        let report = await warming.value
        #expect(report.entries.map(\.domain) == StoreDomain.allCases)
        #expect(report.entries.allSatisfy { $0.error == nil && $0.duration == .milliseconds(30) })
        #expect(report.total == .milliseconds(30))
        #expect(session.stores.allSatisfy { $0.loadState == .loaded })
        let recorded = Set(monitor.snapshot().operations.map(\.operation))
        #expect(recorded.isSuperset(of: ["warm wedding", "warm guests", "warm budget", "warm vendors", "warm tasks", "warm timeline"]))
        session.close()
    }

    @Test func warmingReturnsOnceTheShownStoreHasLoadedWhileTheOthersGoOn() async throws {
        let harness = Harness()
        let session = WeddingSession(wedding: harness.weddingID, context: harness.context)
        let others: [StoreDomain] = [.wedding, .budget, .vendors, .tasks]
        for domain in others { await harness.probe.hold(.read(domain)) }

        let warming = await CacheWarmer(monitor: PerformanceMonitor(clock: harness.clock)).warm(session, first: .guests)

        #expect(session.guests.loadState == .loaded && session.guests.guests.count == 4)
        for domain in others { #expect(session.store(for: domain).loadState == .loading, "\(domain)") }
        for domain in others { await harness.probe.release(.read(domain)) }
        let report = await warming.value
        #expect(report.entries.allSatisfy { $0.error == nil })
        session.close()
    }

    @Test func oneFailingStoreStopsNoneOfTheOthers() async throws {
        let harness = Harness()
        let session = WeddingSession(wedding: harness.weddingID, context: harness.context)
        await harness.probe.failNext(.read(.budget), with: .storage("budget.json: unreadable"))

        let report = await CacheWarmer(monitor: PerformanceMonitor(clock: harness.clock)).warm(session, first: .budget).value

        #expect(report.entry(for: .budget)?.error == .repository(.storage("budget.json: unreadable")))
        #expect(session.budget.loadState == .failed(.repository(.storage("budget.json: unreadable"))))
        for domain in [StoreDomain.wedding, .guests, .vendors, .tasks] {
            #expect(report.entry(for: domain)?.error == nil, "\(domain)")
            #expect(session.store(for: domain).loadState == .loaded, "\(domain)")
        }
        session.close()
    }
}
