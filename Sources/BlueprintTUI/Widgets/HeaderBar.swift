import BlueprintTerminal

/// The top line: tabs for the panes with the keys that show them, `[0] Dashboard [1] Guests
/// [2] Budget [3] Vendors [4] Tasks [5] Timeline [6] Gifts`, then on the right a title (the wedding), a
/// subtitle kept whole after it (`· 87 days to go`), who else is here (`Mei here`) and a marker
/// (the live-sync state).
///
/// Where room is short, the tabs farthest from the active one give up their titles first and
/// show only their key (`[5]`), until the title (up to `keptTitleWidth` columns of it), the subtitle
/// and the marker fit; after that the title is cut, and should the subtitle and the marker still
/// not fit, the active tab (marked by its style) shows only its key too, and then the keys close
/// up (`[0][1][2]`). Who else is here takes
/// the first of its wordings that leaves the title `keptTitleWidth` columns (or all of it), and
/// is left out when none does.
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
        let (labels, gap) = tabLabels(width: width)
        for (index, label) in labels.enumerated() {
            if column >= x && column < x + label.width { return index }
            x += label.width + gap
        }
        return nil
    }

    @MainActor
    public func render(into canvas: any Canvas, row: Int = 0) {
        let width = canvas.size.columns
        var x = 0
        let (labels, gap) = tabLabels(width: width)
        for (index, label) in labels.enumerated() where x < width {
            canvas.draw(label, row: row, column: x, style: index == activeTab ? .tabActive : .tabInactive)
            x += label.width + gap
        }
        x += 1 - gap
        var right = width
        if !marker.isEmpty && width - x - 1 >= marker.width {
            right -= marker.width
            canvas.draw(marker, row: row, column: right, style: markerStyle)
            right -= 1
        }
        let keptTitle = min(title.width, Self.keptTitleWidth) + subtitle.width
        if let shown = people.first(where: { right - x - 1 - keptTitle >= $0.width + 2 }) {
            right -= shown.width
            canvas.draw(shown, row: row, column: right, style: .accent)
            right -= 2
        }
        let room = right - x - 1
        let titleRoom = room - subtitle.width
        let shown = titleRoom > 0 ? title.truncated(toWidth: titleRoom) + subtitle : subtitle.truncated(toWidth: max(0, room))
        if !shown.isEmpty {
            canvas.draw(shown, row: row, column: right - shown.width, style: .header)
        }
    }

    /// Each tab's label in a header `width` columns wide: `[2] Budget`, or `[2]` for a tab that gave
    /// up its title to leave room on the right; a tab without a key keeps its title. And the
    /// columns between labels: one, or none once every tab shows only its key and that is still
    /// too wide.
    private func tabLabels(width: Int) -> (labels: [DisplayText], gap: Int) {
        let key = { (index: Int) in (self.keys[safe: index] ?? nil).map { DisplayText("[\($0)]") } }
        var labels = tabs.enumerated().map { index, title in key(index).map { $0 + " " + title } ?? title }
        // What the right end needs: the title (or `keptTitleWidth` of it), the subtitle, the marker, and a gap of two.
        let right = min(title.width, Self.keptTitleWidth) + subtitle.width + (marker.isEmpty ? 0 : marker.width + 1) + 2
            + (people.first.map { $0.width + 2 } ?? 0)
        func tabsWidth() -> Int { labels.reduce(0) { $0 + $1.width } + max(0, labels.count - 1) }
        let farthestFirst = tabs.indices.filter { $0 != activeTab }
            .sorted { (abs($0 - activeTab), $0) > (abs($1 - activeTab), $1) }
        for index in farthestFirst where tabsWidth() + right > width {
            if let short = key(index) { labels[index] = short }
        }
        // The subtitle, the marker and the shortest word on who is here still without room, even
        // beside a title cut to "…": the active tab, which its style marks, gives up its title too.
        // Who is here needs the title's kept columns beside it, not just one.
        let people = self.people.last.map { $0.width + 2 + min(title.width, Self.keptTitleWidth) - 1 } ?? 0
        let essential = 1 + subtitle.width + (marker.isEmpty ? 0 : marker.width + 1) + 2 + people
        if tabsWidth() + essential > width, let short = key(activeTab) { labels[activeTab] = short }
        let closedUp = labels.reduce(0) { $0 + $1.width } + 1
        let allKeys = labels.indices.allSatisfy { labels[$0] == key($0) }
        return (labels, allKeys && tabsWidth() + essential > width && closedUp < tabsWidth() ? 0 : 1)
    }
}
