import Foundation
import ZIPFoundation

/// The zip container of an `.xlsx` workbook, read within `SpreadsheetLimits`: every part's size
/// is checked before and while it is inflated, and XML that declares a DTD is refused.
final class XLSXArchive {
    private let archive: Archive
    private let limits: SpreadsheetLimits
    /// Uncompressed bytes read so far, for `limits.totalBytes`.
    private var bytesRead = 0

    /// Whether `data` starts like a zip archive (`PK\u{3}\u{4}`).
    static func isZip(_ data: Data) -> Bool { data.starts(with: [0x50, 0x4B, 0x03, 0x04]) }

    init(_ data: Data, limits: SpreadsheetLimits) throws(SpreadsheetFailure) {
        let notZip = SpreadsheetFailure("the file is not an .xlsx workbook (it is not a zip archive)")
        guard Self.isZip(data) else { throw notZip }
        do {
            archive = try Archive(data: data, accessMode: .read, pathEncoding: nil)
        } catch {
            throw notZip
        }
        self.limits = limits
    }

    /// The XML part at `path`, or `nil` if there is none.
    /// - Throws: if it is too large, compressed suspiciously well, damaged, or declares a DTD.
    func xml(_ path: String) throws(SpreadsheetFailure) -> Data? {
        guard let entry = archive[path] else { return nil }
        let declared = Int(clamping: entry.uncompressedSize)
        let compressed = max(Int(clamping: entry.compressedSize), 1)
        guard declared <= limits.entryBytes, bytesRead + declared <= limits.totalBytes else {
            throw SpreadsheetFailure("\(path) is too large (\(declared) bytes uncompressed; the limit is "
                                     + "\(min(limits.entryBytes, limits.totalBytes - bytesRead)))")
        }
        guard declared <= limits.ratioFloor || declared / compressed <= limits.compressionRatio else {
            throw SpreadsheetFailure("\(path) expands \(declared / compressed) times when uncompressed; "
                                     + "the file looks like a zip bomb and was not read")
        }
        var data = Data()
        data.reserveCapacity(declared)
        let budget = min(declared, limits.totalBytes - bytesRead)
        do {
            _ = try archive.extract(entry) { chunk in
                // The sizes in a zip are only claims: stop as soon as the part outgrows its own.
                guard data.count + chunk.count <= budget else { throw SpreadsheetFailure("") }
                data.append(chunk)
            }
        } catch {
            throw SpreadsheetFailure("\(path) is damaged or larger than it claims; the file was not read")
        }
        bytesRead += data.count
        // XML external entities and entity expansion both need a DTD; a workbook never has one.
        if data.range(of: Data("<!DOCTYPE".utf8)) != nil || data.range(of: Data("<!ENTITY".utf8)) != nil {
            throw SpreadsheetFailure("\(path) declares a DTD (<!DOCTYPE>), which a workbook never does; the file was not read")
        }
        return data
    }
}
