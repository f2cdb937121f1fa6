import Glibc

/// One row's sort value (see `ListSortKey`) as `SortValues` lays it out: the rank, and the
/// text as the UTF-8 bytes of its NFC form. Comparing two compares as `SortValues.compare`
/// does, so a row can be placed among rows sorted in bulk.
struct SortValue {
    let rank: Int64
    let bytes: [UInt8]

    init(rank: Int64, text: String) {
        self.rank = rank
        var bytes: [UInt8] = []
        Self.appendBytes(of: text, to: &bytes)
        self.bytes = bytes
    }

    /// Appends `text`'s NFC form as UTF-8 to `bytes`.
    static func appendBytes(of text: String, to bytes: inout [UInt8]) {
        var contiguous = text
        let isASCII = contiguous.withUTF8 { utf8 in
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return false }
            bytes.append(contentsOf: utf8)  // ASCII is its own NFC
            return true
        }
        // The standard library's NFC form (public, if underscored: no other API gives it).
        if !isASCII { bytes.append(contentsOf: text._nfcCodeUnits) }
    }

    /// Whether this value comes before (-1), with (0) or after (1) `other`: rank first, then text.
    func compare(_ other: SortValue) -> Int {
        if rank != other.rank { return rank < other.rank ? -1 : 1 }
        let common = bytes.withUnsafeBufferPointer { left in
            other.bytes.withUnsafeBufferPointer { right in
                memcmp(left.baseAddress ?? UnsafePointer(bitPattern: 1)!, right.baseAddress ?? UnsafePointer(bitPattern: 1)!,
                       min(left.count, right.count))
            }
        }
        if common != 0 { return common < 0 ? -1 : 1 }
        return bytes.count == other.bytes.count ? 0 : bytes.count < other.bytes.count ? -1 : 1
    }
}
