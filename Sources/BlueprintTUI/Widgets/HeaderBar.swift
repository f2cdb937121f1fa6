import BlueprintTerminal

/// The top line: tabs for the panes with the keys that show them, `[0] Dashboard [1] Guests
/// [2] Budget [3] Vendors [4] Tasks [5] Timeline [6] Gifts`, then on the right a title (the wedding), a
/// subtitle after it (`· 87 days to go`), who else is here (`Mei here`) and a marker (the
/// live-sync state).
///
/// The wedding's name is the last thing to go. What is always drawn: every tab's key, closed up
/// (`[0][1][2]`), the title (up to `keptTitleWidth` columns of it) and the marker. Room beyond that
/// goes, in this order and while it fits, to the subtitle, who else is here (the longest of its
/// wordings that fits, and only beside the subtitle), the gaps between the keys, and the tabs' titles, the active tab's first and
/// then the nearest to it; what is left shows more of a longer title. Only when
/// even the keys and the marker leave too little is the title cut below `keptTitleWidth`.
public struct HeaderBar: Hashable, Sendable {
    /// The planner's panes, in the order of their number keys (0 to 8).
    public static let paneTitles: [DisplayText] = ["Dashboard", "Guests", "Budget", "Vendors", "Tasks", "Timeline", "Gifts", "Notes",
                                                   "Activity"]
    /// The columns of the title that tabs shorten to keep in view.
    public static let keptTitleWidth = 24

    public var title: DisplayText
    /// Drawn right after the title and never cut while the title has a column left to give.
    public var subtitle: DisplayText
    public var tabs: [DisplayText]
    /// The key that shows each tab's pane, in front of its title; nil for none.
    public var keys: [String?]
    /// Index into `tabs` of the pane on screen.
    public var activeTab: Int
    /// Drawn at the right end, after the title; empty for none.
    public var marker: DisplayText
    public var markerStyle: TextStyle
    /// Who else is here, in wordings from longest to shortest ("Mei, Sam here", "+2"); empty for no one.
    public var people: [DisplayText]

    public init(title: DisplayText, subtitle: DisplayText = .empty, tabs: [DisplayText] = HeaderBar.paneTitles, keys: [String?],
                activeTab: Int, marker: DisplayText = .empty, markerStyle: TextStyle = .success, people: [DisplayText] = []) {
        self.people = people
        self.title = title
        self.subtitle = subtitle
        self.tabs = tabs
        self.keys = keys
        self.activeTab = activeTab
        self.marker = marker
        self.markerStyle = markerStyle
    }

    /// The keys of `keymap` that show the planner's panes, one per pane title.
    public static func keys(_ keymap: Keymap) -> [String?] {
        paneTitles.indices.map { keymap.keyName(for: .showPane($0), in: .global) }
    }

    /// The tab under `column` of a header drawn `width` columns wide, for mouse clicks on it.
    public func tab(atColumn column: Int, width: Int = .max) -> Int? {
        var x = 0
        let layout = layout(width: width)
        for (index, label) in layout.labels.enumerated() {
            if column >= x && column < x + label.width { return index }
            x += label.width + layout.gap
        }
        return nil
    }

    @MainActor
    public func render(into canvas: any Canvas, row: Int = 0) {
        let width = canvas.size.columns
        let layout = layout(width: width)
        var x = 0
        for (index, label) in layout.labels.enumerated() where x < width {
            canvas.draw(label, row: row, column: x, style: index == activeTab ? .tabActive : .tabInactive)
            x += label.width + layout.gap
        }
        x += 1 - layout.gap
        var right = width
        if !marker.isEmpty && width - x - 1 >= marker.width {
            right -= marker.width
            canvas.draw(marker, row: row, column: right, style: markerStyle)
            right -= 1
        }
        if let people = layout.people {
            right -= people.width
            canvas.draw(people, row: row, column: right, style: .accent)
            right -= 2
        }
        let subtitle = layout.showsSubtitle ? subtitle : .empty
        let titleRoom = right - x - 1 - subtitle.width
        let shown = titleRoom > 0 ? title.truncated(toWidth: titleRoom) + subtitle : .empty
        if !shown.isEmpty {
            canvas.draw(shown, row: row, column: right - shown.width, style: .header)
        }
    }

    /// What a header `width` columns wide shows: each tab's label (`[2] Budget`, or `[2]` for a
    /// tab that gave up its title; a tab without a key keeps its title), the columns between
    /// labels (one, or none when the keys close up), whether the subtitle is drawn, and the
    /// wording of who else is here, if any.
    private func layout(width: Int) -> (labels: [DisplayText], gap: Int, showsSubtitle: Bool, people: DisplayText?) {
        let key = { (index: Int) in (self.keys[safe: index] ?? nil).map { DisplayText("[\($0)]") } }
        let titled = tabs.enumerated().map { index, title in key(index).map { $0 + " " + title } ?? title }
        var labels = tabs.indices.map { key($0) ?? titled[$0] }
        var gap = 0
        var showsSubtitle = false
        var people: DisplayText?
        func used() -> Int {
            labels.reduce(0) { $0 + $1.width } + gap * max(0, labels.count - 1) + 2 + min(title.width, Self.keptTitleWidth)
                + (showsSubtitle ? subtitle.width : 0) + (marker.isEmpty ? 0 : marker.width + 1) + (people.map { $0.width + 2 } ?? 0)
        }
        /// Makes `change`, and takes it back unless everything still fits.
        func tryTo(_ change: () -> Void, undo: () -> Void) -> Bool {
            change()
            if used() <= width { return true }
            undo()
            return false
        }
        if !subtitle.isEmpty { _ = tryTo({ showsSubtitle = true }, undo: { showsSubtitle = false }) }
        // Who is here gives way before the days to go do.
        for wording in self.people where showsSubtitle || subtitle.isEmpty {
            if tryTo({ people = wording }, undo: { people = nil }) { break }
        }
        // Tabs show titles only with gaps between them: `[3] Vendors[4]` would read as one word.
        guard tryTo({ gap = 1 }, undo: { gap = 0 }) else { return (labels, gap, showsSubtitle, people) }
        let nearestFirst = tabs.indices.sorted { (abs($0 - activeTab), $0) < (abs($1 - activeTab), $1) }
        for index in nearestFirst {
            let short = labels[index]
            guard tryTo({ labels[index] = titled[index] }, undo: { labels[index] = short }) else { break }
        }
        return (labels, gap, showsSubtitle, people)
    }
}
