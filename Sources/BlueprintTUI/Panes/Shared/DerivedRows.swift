/// Rows derived from a store's array (a seating chart, task rows with headings), rebuilt only
/// when the store hands out a different array or the view's own settings change.
///
/// A store keeps handing out the same array until its rows change, and it builds a new one when
/// they do. While this holds on to the array it derived from, a new array can never reuse that
/// buffer, so comparing buffers tells for certain whether the source changed, in constant time.
/// (An empty source derives the same rows whichever empty array it is.)
struct DerivedRows<Source, Settings: Equatable, Rows> {
    private var source: [Source]?
    private var settings: Settings?
    private var rows: Rows?

    /// The rows for `source` under `settings`, from `derive` when either changed since last time.
    mutating func rows(for source: [Source], settings: Settings, derive: ([Source]) -> Rows) -> Rows {
        if let rows, let held = self.source, self.settings == settings, Self.sameBuffer(held, source) { return rows }
        let derived = derive(source)
        self.source = source
        self.settings = settings
        rows = derived
        return derived
    }

    private static func sameBuffer(_ first: [Source], _ second: [Source]) -> Bool {
        first.withUnsafeBufferPointer { a in
            second.withUnsafeBufferPointer { b in a.count == b.count && (a.count == 0 || a.baseAddress == b.baseAddress) }
        }
    }
}
