
/// Rows derived from a store's visible rows (a seating chart, task rows with headings), derived
/// again only when the store's rows change (its revision) or the view's own settings do.
///
/// It keeps no reference to the store's array: holding one would make the store's next change
/// to a single row copy every row.
struct DerivedRows<Settings: Equatable, Rows> {
    private var revision: Int?
    private var settings: Settings?
    private var rows: Rows?

    /// The rows for the store's rows at `revision` under `settings`, from `derive` when either
    /// changed since last time.
    mutating func rows(at revision: Int, settings: Settings, derive: () -> Rows) -> Rows {
        if let rows, self.revision == revision, self.settings == settings { return rows }
        let derived = derive()
        self.revision = revision
        self.settings = settings
        rows = derived
        return derived
    }
}
