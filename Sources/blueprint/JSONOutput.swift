import BlueprintText
import Foundation

/// How commands print JSON for scripts: pretty, keys sorted, slashes as they are, and every
/// control character escaped so that no text in it can reach the terminal raw.
enum JSONOutput {
    static func print(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try CommandOutput.print(TerminalSanitizer.escapingJSON(String(decoding: try encoder.encode(value), as: UTF8.self)))
    }
}
