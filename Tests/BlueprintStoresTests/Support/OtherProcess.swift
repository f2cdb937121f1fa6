import Dispatch
import Foundation

/// The `blueprint-storage-writer` test helper run as another process on the same data
/// directory, like a second ssh session.
enum OtherProcess {
    struct NotBuilt: Error, CustomStringConvertible {
        let testBinary: String
        var description: String { "blueprint-storage-writer is not built next to \(testBinary)" }
    }

    /// The helper is built into the products folder that holds the test bundle.
    static func writerPath() throws -> String {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("blueprint-storage-writer").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        throw NotBuilt(testBinary: testBinary.path)
    }

    /// Runs the writer with `arguments` to its end, off the main actor; returns its exit status
    /// and the lines it printed.
    static func runWriter(_ arguments: [String]) async throws -> (status: Int32, lines: [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try writerPath())
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let data = output.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
                continuation.resume(returning: (process.terminationStatus, lines))
            }
        }
    }
}

/// A fresh data directory under /tmp, removed when released.
final class TemporaryDataDirectory: Sendable {
    let root: String

    init() throws {
        var template = Array("/tmp/blueprint-stores-test-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        root = String(cString: made)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }
}
