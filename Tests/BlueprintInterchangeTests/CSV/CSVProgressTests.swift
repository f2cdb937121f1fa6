import BlueprintDomain
@testable import BlueprintInterchange
import Foundation
import Synchronization
import Testing

/// Progress reported by long imports and exports: every phase in order, each ending at its
/// total, often enough for a bar and rarely enough to cost nothing.
@Suite struct CSVProgressTests {
    /// Collects what a handler receives.
    final class Recorder: Sendable {
        private let received = Mutex<[CSVProgress]>([])
        var reports: [CSVProgress] { received.withLock { $0 } }
        var handler: CSVProgressHandler { { progress in self.received.withLock { $0.append(progress) } } }

        func reports(in phase: CSVProgress.Phase) -> [CSVProgress] { reports.filter { $0.phase == phase } }
    }

    private func guestFile(rows: Int) -> Data {
        bytes("First Name,Last Name,Email\n" + (1...rows).map { "Guest,Number \($0),guest\($0)@example.com\n" }.joined())
    }

    @Test func anImportReportsReadingAndValidatingEachToItsEnd() throws {
        let recorder = Recorder()
        let file = guestFile(rows: 1000)

        let plan = try CSVImporter(wedding: testWedding(), mode: .addOnly, progress: recorder.handler)
            .planGuests(file, fileName: "guests.csv", existing: [])

        #expect(plan.batch.inserts.count == 1000)
        var phases: [CSVProgress.Phase] = []
        for report in recorder.reports where phases.last != report.phase { phases.append(report.phase) }
        #expect(phases == [.reading, .validating], "each row becomes its record as it is read")
        #expect(recorder.reports(in: .reading).last == CSVProgress(phase: .reading, done: 1001, total: 1001), "lines, header included")
        #expect(recorder.reports(in: .validating).last == CSVProgress(phase: .validating, done: 1000, total: 1000))
        for phase in CSVProgress.Phase.allCases {
            let done = recorder.reports(in: phase).map(\.done)
            #expect(done == done.sorted(), "\(phase) only moves forward")
            #expect(done.count <= 1000 / CSVProgressReporter.stride + 2, "\(phase) reports every \(CSVProgressReporter.stride) rows, not every row")
        }
    }

    @Test func progressChangesNothingInThePlan() throws {
        let file = guestFile(rows: 300)
        let wedding = testWedding()
        let quiet = try CSVImporter(wedding: wedding, mode: .addOnly).planGuests(file, fileName: "g.csv", existing: [])
        let watched = try CSVImporter(wedding: wedding, mode: .addOnly, progress: Recorder().handler)
            .planGuests(file, fileName: "g.csv", existing: [])
        #expect(watched.batch.inserts.map { content($0, id: \.id) } == quiet.batch.inserts.map { content($0, id: \.id) })
    }

    @Test func readingCountsPhysicalLinesSoQuotedLineBreaksStillEndAtTheTotal() throws {
        let recorder = Recorder()
        let file = bytes("First Name,Last Name,Notes\nAna,Lopez,\"two\nlines\"\nBen,Okafor,none")

        _ = try CSVImporter(wedding: testWedding(), mode: .addOnly, progress: recorder.handler)
            .planGuests(file, fileName: "guests.csv", existing: [])

        #expect(recorder.reports(in: .reading).last == CSVProgress(phase: .reading, done: 4, total: 4))
        #expect(recorder.reports(in: .validating).last == CSVProgress(phase: .validating, done: 2, total: 2))
    }

    @Test func aRejectedFileStillReportsOnlyWhatItRead() {
        let recorder = Recorder()
        let error = importError { () throws(CSVImportError) in
            try CSVImporter(wedding: testWedding(), mode: .addOnly, progress: recorder.handler)
                .planGuests(bytes("Colour\nblue\n"), fileName: "guests.csv", existing: [])
        }
        #expect(error != nil)
        #expect(recorder.reports == [CSVProgress(phase: .reading, done: 2, total: 2)], "no rows checked once the header is refused")
    }

    @Test func anExportReportsEveryRowWrittenAndTheSameBytes() throws {
        let recorder = Recorder()
        let wedding = testWedding()
        let guests = (1...600).map { Guest(firstName: "Guest", lastName: "Number \($0)") }

        let watched = try CSVExporter(wedding: wedding, progress: recorder.handler).guests(guests)

        #expect(watched == (try CSVExporter(wedding: wedding).guests(guests)))
        #expect(recorder.reports.map(\.done) == [0, 256, 512, 600])
        #expect(recorder.reports.allSatisfy { $0.phase == .exporting && $0.total == 600 })
    }
}
