import BlueprintTerminal

/// The top line: tabs for the panes with the keys that show them, `[1] Guests [2] Budget
/// [3] Vendors [4] Tasks`, then on the right a title (the wedding), a subtitle kept whole after
/// it (`· 87 days to go`) and a marker (the live-sync state). Where room is short the title is
/// cut first.
public struct HeaderBar: Hashable, Sendable {
    /// The planner's panes, in the order of their number keys.
    public static let paneTitles: [DisplayText] = ["Guests", "Budget", "Vendors", "Tasks"]

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

    public init(title: DisplayText, subtitle: DisplayText = .empty, tabs: [DisplayText] = HeaderBar.paneTitles, keys: [String?],
                activeTab: Int, marker: DisplayText = .empty, markerStyle: TextStyle = .success) {
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
        paneTitles.indices.map { keymap.keyName(for: .showPane($0 + 1), in: .global) }
    }

    /// The tab under `column`, for mouse clicks on the header.
    public func tab(atColumn column: Int) -> Int? {
        var x = 0
        for (index, label) in tabLabels.enumerated() {
            if column >= x && column < x + label.width { return index }
            x += label.width + 1
        }
        return nil
    }

    @MainActor
    public func render(into canvas: any Canvas, row: Int = 0) {
        let width = canvas.size.columns
        var x = 0
        for (index, label) in tabLabels.enumerated() where x < width {
            canvas.draw(label, row: row, column: x, style: index == activeTab ? .tabActive : .tabInactive)
            x += label.width + 1
        }
        var right = width
        if !marker.isEmpty && width - x - 1 >= marker.width {
            right -= marker.width
            canvas.draw(marker, row: row, column: right, style: markerStyle)
            right -= 1
        }
        let room = right - x - 1
        let titleRoom = room - subtitle.width
        let shown = titleRoom > 0 ? title.truncated(toWidth: titleRoom) + subtitle : subtitle.truncated(toWidth: max(0, room))
        if !shown.isEmpty {
            canvas.draw(shown, row: row, column: right - shown.width, style: .header)
        }
    }

    private var tabLabels: [DisplayText] {
        tabs.enumerated().map { index, title in
            (keys[safe: index] ?? nil).map { DisplayText("[\($0)] ") + title } ?? title
        }
    }
}
