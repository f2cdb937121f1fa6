import BlueprintDomain
import Glibc

/// The sort values of a list's rows (see `ListSortKey`), laid out to be compared quickly: each
/// text as its `CollationKey` (case and accents ignored first, then the NFC form), all in one
/// buffer, compared with `memcmp`.
///
/// Canonically equivalent texts (an accent precomposed or combining) tie. Comparing the
/// `String`s themselves normalises them again on every comparison, which was most of sorting
/// 10k guests whose names are not ASCII; it is not even consistent when one text is a prefix of
/// another in a different normal form (`"A\u{301}n"` against `"Án "`), and the bytes are.
struct SortValues {
    private var ranks: [Int64] = []
    /// The first 8 bytes of each text, big-endian, zero-padded: when they differ they order
    /// two texts as comparing all their bytes does, without reaching into `bytes`.
    private var prefixes: [UInt64] = []
    private var bytes: [UInt8] = []
    /// Text `i` is `bytes[ends[i - 1] ..< ends[i]]` (from 0 for the first).
    private var ends: [Int] = []

    /// The values of rows `0..<count`, from `value` (called on several threads at once for a
    /// long list). By index rather than from a sequence of rows, which copied every row,
    /// retaining each of its strings.
    init(count: Int, value: @Sendable (Int) -> (rank: Int64, text: String)) {
        let partCount = ParallelParts.partCount(count)
        guard partCount > 1 else {
            self.init(0..<count, value: value)
            return
        }
        let parts = [SortValues](unsafeUninitializedCapacity: partCount) { parts, initialized in
            let output = ParallelParts.Output(buffer: parts)
            ParallelParts.run(count) { part, range in output.initialize(part, to: SortValues(range, value: value)) }
            initialized = partCount
        }
        self.init(merging: parts)
    }

    /// The parts' values one after the other.
    private init(merging parts: [SortValues]) {
        ranks.reserveCapacity(parts.reduce(0) { $0 + $1.ranks.count })
        prefixes.reserveCapacity(ranks.capacity)
        ends.reserveCapacity(ranks.capacity)
        bytes.reserveCapacity(parts.reduce(0) { $0 + $1.bytes.count })
        for part in parts {
            let offset = bytes.count
            ranks.append(contentsOf: part.ranks)
            prefixes.append(contentsOf: part.prefixes)
            bytes.append(contentsOf: part.bytes)
            ends.append(contentsOf: part.ends.lazy.map { $0 + offset })
        }
    }

    private init(_ range: Range<Int>, value: (Int) -> (rank: Int64, text: String)) {
        ranks.reserveCapacity(range.count)
        prefixes.reserveCapacity(range.count)
        ends.reserveCapacity(range.count)
        for index in range {
            let (rank, text) = value(index)
            ranks.append(rank)
            let start = bytes.count
            CollationKey.append(text, to: &bytes)
            ends.append(bytes.count)
            prefixes.append(bytes[start..<min(start + 8, bytes.count)].reduce(0) { $0 << 8 | UInt64($1) }
                            << (8 * UInt64(8 - min(8, bytes.count - start))))
        }
    }

    /// Whether row `left`'s value comes before (-1), with (0) or after (1) row `right`'s:
    /// rank first, then text.
    func compare(_ left: Int, _ right: Int) -> Int {
        if ranks[left] != ranks[right] { return ranks[left] < ranks[right] ? -1 : 1 }
        if prefixes[left] != prefixes[right] { return prefixes[left] < prefixes[right] ? -1 : 1 }
        let leftStart = left == 0 ? 0 : ends[left - 1], rightStart = right == 0 ? 0 : ends[right - 1]
        let leftCount = ends[left] - leftStart, rightCount = ends[right] - rightStart
        let common = bytes.withUnsafeBufferPointer { bytes in
            memcmp(bytes.baseAddress! + leftStart, bytes.baseAddress! + rightStart, min(leftCount, rightCount))
        }
        if common != 0 { return common < 0 ? -1 : 1 }
        return leftCount == rightCount ? 0 : leftCount < rightCount ? -1 : 1
    }
}
