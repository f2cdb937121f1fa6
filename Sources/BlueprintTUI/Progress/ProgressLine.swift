import BlueprintTerminal

/// One state of a progress bar, and how it looks at a given width:
///
/// ```
/// checking guests.csv  ██████████████░░░░░░░░░░░░░░░░░░░░░░░░░░  3584/10000   35%
/// ```
///
/// A narrower terminal drops the bar, then the counts, then shortens the label; the line never
/// takes more than the width given. Without a total (a step that cannot be counted), the line
/// is the label alone.
public struct ProgressLine: Hashable, Sendable {
    /// What is happening ("checking guests.csv"); may hold a file name, so it is sanitised.
    public var label: String
    public var done: Int
    /// How many steps there are; `nil` when the step cannot be counted.
    public var total: Int?

    public init(label: String, done: Int = 0, total: Int? = nil) {
        self.label = label
        self.done = done
        self.total = total
    }

    /// The longest bar drawn, however wide the terminal: longer ones only take longer to read.
    static let maximumBarWidth = 40
    /// Below this a bar says too little, and the counts say it better.
    static let minimumBarWidth = 10

    /// Whole percent done, 0 to 100 (100 for an empty job).
    public var percent: Int {
        guard let total, total > 0 else { return 100 }
        return min(100, max(0, done * 100 / total))
    }

    /// The line in at most `width` columns; `unicode` draws the bar in block characters, else
    /// in ASCII (`[#####-----]`).
    public func rendered(width: Int, unicode: Bool) -> DisplayText {
        let label = DisplayText(label)
        guard width > 0 else { return .empty }
        guard let total else { return label.truncated(toWidth: width) }
        let percent = DisplayText("\(percent)%").fitted(toWidth: 4, alignment: .right)
        // As wide at the start as at the end, so the bar keeps its length.
        let counts = DisplayText("\(min(max(done, 0), total))").fitted(toWidth: "\(total)".count, alignment: .right)
            + DisplayText("/\(total)")
        let gap = DisplayText.spaces(2)

        let barWidth = min(Self.maximumBarWidth, width - label.width - counts.width - percent.width - 3 * gap.width)
        if barWidth >= Self.minimumBarWidth {
            return label + gap + bar(width: barWidth, unicode: unicode) + gap + counts + gap + percent
        }
        if label.width + counts.width + percent.width + 2 * gap.width <= width {
            return label + gap + counts + gap + percent
        }
        let labelRoom = width - percent.width - gap.width
        if labelRoom >= 4 { return label.truncated(toWidth: labelRoom) + gap + percent }
        return DisplayText("\(self.percent)%").truncated(toWidth: width)
    }

    private func bar(width: Int, unicode: Bool) -> DisplayText {
        let inner = unicode ? width : width - 2
        let filled = inner * percent / 100
        if unicode {
            return DisplayText(String(repeating: "█", count: filled) + String(repeating: "░", count: inner - filled))
        }
        return DisplayText("[" + String(repeating: "#", count: filled) + String(repeating: "-", count: inner - filled) + "]")
    }
}
