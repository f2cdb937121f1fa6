import Dispatch
import Foundation
import Testing

/// The `blueprint-storage-writer` test helper, run as a separate process.
final class WriterProcess: Sendable {
    private let process: Process
    /// The lines it prints, as they arrive; ends when it exits.
    let lines: AsyncStream<String>

    /// The helper is built into the same products folder as the test bundle.
    static func executablePath() throws -> String {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        // A test bundle may be a folder (….xctest/…) inside the products folder.
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("blueprint-storage-writer").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        throw WriterNotBuilt(testBinary: testBinary.path)
    }

    struct WriterNotBuilt: Error, CustomStringConvertible {
        let testBinary: String
        var description: String { "blueprint-storage-writer is not built next to \(testBinary)" }
    }

    init(_ arguments: [String]) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: try WriterProcess.executablePath())
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        let (lines, continuation) = AsyncStream.makeStream(of: String.self)
        self.lines = lines
        try process.run()
        let reader = output.fileHandleForReading
        DispatchQueue.global().async {
            var pending = Data()
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    continuation.yield(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...newline)
                }
            }
            continuation.finish()
        }
    }

    func kill() { Foundation.kill(process.processIdentifier, SIGKILL) }

    /// Waits for it to exit; returns its exit status and whether a signal ended it.
    func exit() async -> (status: Int32, killed: Bool) {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                self.process.waitUntilExit()
                continuation.resume(returning: (self.process.terminationStatus,
                                                self.process.terminationReason == .uncaughtSignal))
            }
        }
    }
}
