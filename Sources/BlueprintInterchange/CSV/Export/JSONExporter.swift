import BlueprintDomain
import Foundation

/// Writes records as JSON: every field, pretty-printed with sorted keys, so exports diff cleanly.
public enum JSONExporter {
    public static func export<R: Record>(_ records: [R]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(records)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}
