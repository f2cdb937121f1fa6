import BlueprintDomain
import BlueprintTerminal

/// A line of figures made of differently styled pieces (a figure and its label). Pieces come in
/// groups that belong together (`180 attending`): drawn on one line, the line is cut with an
/// ellipsis where the width runs out; flowed, it breaks between groups onto as many lines as it
/// needs, so on a narrow terminal no figure is cut.
struct SegmentLine {
    private struct Group {
        /// Drawn before the group when another group precedes it on the same line.
        var separator: DisplayText
        var segments: [(text: DisplayText, style: TextStyle)] = []
        var width: Int { segments.reduce(0) { $0 + $1.text.width } }
    }

    private var groups: [Group] = []

    init() {}

    /// A line of one piece of text in `style`.
    init(_ text: String, _ style: TextStyle = .normal) {
        add(text, style)
    }

    /// Starts a group; what is added after it stays with it on one line. `separator` goes
    /// between it and the group before it when both are on one line.
    mutating func startGroup(separator: String = "  ") {
        groups.append(Group(separator: DisplayText(separator)))
    }

    /// Appends `text` in `style` to the current group.
    mutating func add(_ text: String, _ style: TextStyle = .normal) {
        if groups.isEmpty { startGroup() }
        groups[groups.count - 1].segments.append((DisplayText(text), style))
    }

    /// Appends a group of a figure and its label: `180 attending`, the figure in `style`.
    mutating func add(figure: String, label: String, _ style: TextStyle = .accent) {
        startGroup()
        add(figure, style)
        add(" " + label, .muted)
    }

    /// Appends a group of a count and its noun, in the plural unless the count is 1
    /// (`CountPhrase`): `1 table`, `2 tables`, the count in `style`.
    mutating func add(count: Int, noun: String, _ style: TextStyle = .accent) {
        add(figure: "\(count)", label: CountPhrase.noun(noun, for: count), style)
    }

    var isEmpty: Bool { groups.isEmpty }

    /// Columns the whole line takes on one line.
    var width: Int {
        groups.enumerated().reduce(0) { $0 + $1.element.width + ($1.offset == 0 ? 0 : $1.element.separator.width) }
    }

    /// This line followed by `other` on the same line.
    static func + (lhs: SegmentLine, rhs: SegmentLine) -> SegmentLine {
        var joined = lhs
        joined.groups += rhs.groups
        return joined
    }

    /// The groups broken into lines of at most `width` columns, a line ending between two
    /// groups; a group wider than a whole line has a line to itself (and is cut when drawn).
    func flowed(toWidth width: Int) -> [SegmentLine] {
        var lines: [SegmentLine] = []
        var line = SegmentLine()
        for group in groups {
            if !line.isEmpty && line.width + group.separator.width + group.width > width {
                lines.append(line)
                line = SegmentLine()
            }
            line.groups.append(group)
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Draws the line from `column` of `row`, cut with an ellipsis at `width` columns.
    @MainActor
    func render(into canvas: any Canvas, row: Int, column: Int, width: Int) {
        var x = column
        let end = column + width
        for (index, group) in groups.enumerated() {
            let separator = index == 0 ? [] : [(text: group.separator, style: TextStyle.normal)]
            for (text, style) in separator + group.segments {
                guard x < end else { return }
                let shown = text.width <= end - x ? text : text.truncated(toWidth: end - x)
                canvas.draw(shown, row: row, column: x, style: style)
                x += shown.width
            }
        }
    }
}

extension [SegmentLine] {
    /// Draws the lines one under another from `row`, at most `maxRows` of them; returns the
    /// number of rows drawn.
    @MainActor
    func render(into canvas: any Canvas, row: Int, column: Int, width: Int, maxRows: Int) -> Int {
        let shown = prefix(maxRows)
        for (offset, line) in shown.enumerated() {
            line.render(into: canvas, row: row + offset, column: column, width: width)
        }
        return shown.count
    }
}
