import BlueprintDomain
import Glibc

/// One row's sort value (see `ListSortKey`) as `SortValues` lays it out: the rank, and the
/// text's `CollationKey`. Comparing two compares as `SortValues.compare` does, so a row can be
/// placed among rows sorted in bulk.
struct SortValue {
    let rank: Int64
    let bytes: [UInt8]

    init(rank: Int64, text: String) {
        self.rank = rank
        var bytes: [UInt8] = []
        CollationKey.append(text, to: &bytes)
        self.bytes = bytes
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
