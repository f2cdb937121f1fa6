import Foundation

/// The JSON dialects of the data directory.
enum StoreJSON {
    /// Snapshot, meta and index files: pretty-printed with sorted keys, so a file's text depends
    /// only on its content and diffs line by line.
    static func fileEncoder() -> StoreJSONEncoder { StoreJSONEncoder(style: .pretty) }

    /// Journal lines: one line each (newlines inside text are escaped), keys sorted.
    static func lineEncoder() -> StoreJSONEncoder { StoreJSONEncoder(style: .compact) }

    /// Encodes a whole file, ending it with a newline.
    static func fileData<T: Encodable>(_ value: T, _ encoder: StoreJSONEncoder, expectedSize: Int = 4096) throws -> Data {
        var data = try encoder.encode(value, expectedSize: expectedSize)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}
