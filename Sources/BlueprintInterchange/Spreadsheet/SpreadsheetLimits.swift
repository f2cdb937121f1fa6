/// The most a workbook may make the importer read, so a hostile file is refused rather than
/// filling memory or running for minutes.
struct SpreadsheetLimits: Sendable {
    /// Bytes of all the parts read, uncompressed.
    var totalBytes: Int = 200 << 20
    /// Bytes of one part, uncompressed.
    var entryBytes: Int = 100 << 20
    /// How many times larger than its compressed size a part larger than `ratioFloor` may be.
    var compressionRatio: Int = 200
    /// Parts smaller than this are not held to `compressionRatio`.
    var ratioFloor: Int = 1 << 20
    /// Entries in the shared-strings table.
    var sharedStrings: Int = 1_000_000
    /// Characters in one shared string or cell.
    var cellLength: Int = 32_767
    /// Cells in a sheet's rows once each is padded to the widest (rows × columns).
    var cells: Int = 5_000_000

    static let standard = SpreadsheetLimits()
}
