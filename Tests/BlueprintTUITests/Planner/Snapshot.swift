@testable import BlueprintTUI
@testable import BlueprintTerminal
import Foundation
import Testing

/// Whole-screen snapshots kept as text files under `Snapshots/`: the rows as drawn, then the
/// style of every cell (`MemoryCanvas.styleMap`), so a change of layout, text or style shows up
/// as a diff of the file.
///
/// A missing file, or any file while `RECORD_SNAPSHOTS=1` is set, is written from what was drawn
/// and the test fails, so a recording is never mistaken for a pass: look at the file, then run
/// the tests again.
@MainActor
enum Snapshot {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Snapshots", isDirectory: true)

    static func expect(_ canvas: MemoryCanvas, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        compare(canvas, canvas.text + "\n--- styles\n" + canvas.styleMap + "\n", named: name, sourceLocation: sourceLocation)
    }

    /// As `expect`, with the attributes a monochrome terminal draws each cell in (bold 1,
    /// reverse 2, underline 4, dim 8; `MemoryCanvas.attributeMap`) in place of the styles: what
    /// is left to tell an overdue or clashing row apart once there is no colour.
    static func expectMonochrome(_ canvas: MemoryCanvas, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let attributes = canvas.attributeMap(theme: Theme(capability: .monochrome))
        compare(canvas, canvas.text + "\n--- monochrome attributes\n" + attributes + "\n", named: name, sourceLocation: sourceLocation)
    }

    private static func compare(_ canvas: MemoryCanvas, _ drawn: String, named name: String, sourceLocation: SourceLocation) {
        let file = folder.appendingPathComponent("\(name).txt")
        let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
        guard !recording, let stored = try? String(contentsOf: file, encoding: .utf8) else {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? drawn.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("recorded the snapshot \(name); check \(file.path) and run the tests again", sourceLocation: sourceLocation)
            return
        }
        #expect(drawn == stored, "the screen differs from the snapshot \(name).txt\(firstDifference(drawn, stored))",
                sourceLocation: sourceLocation)
        #expect(canvas.rowWidths.allSatisfy { $0 == canvas.size.columns }, "a row is not as wide as the screen",
                sourceLocation: sourceLocation)
    }

    /// The first line where `drawn` and `stored` differ, both shown: a failure read from a CI
    /// log, where the whole screens are cut short, still says what changed.
    private static func firstDifference(_ drawn: String, _ stored: String) -> String {
        let drawnLines = drawn.split(separator: "\n", omittingEmptySubsequences: false)
        let storedLines = stored.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(drawnLines.count, storedLines.count) {
            let mine = index < drawnLines.count ? String(drawnLines[index]) : "(no line)"
            let theirs = index < storedLines.count ? String(storedLines[index]) : "(no line)"
            if mine != theirs { return "; line \(index + 1) drawn:\n\(mine)\nstored:\n\(theirs)" }
        }
        return ""
    }
}
