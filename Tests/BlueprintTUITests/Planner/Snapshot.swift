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
        let drawn = canvas.text + "\n--- styles\n" + canvas.styleMap + "\n"
        let file = folder.appendingPathComponent("\(name).txt")
        let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
        guard !recording, let stored = try? String(contentsOf: file, encoding: .utf8) else {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? drawn.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("recorded the snapshot \(name); check \(file.path) and run the tests again", sourceLocation: sourceLocation)
            return
        }
        #expect(drawn == stored, "the screen differs from the snapshot \(name).txt", sourceLocation: sourceLocation)
        #expect(canvas.rowWidths.allSatisfy { $0 == canvas.size.columns }, "a row is not as wide as the screen",
                sourceLocation: sourceLocation)
    }
}
