/// A line made of differently styled pieces (a figure and its label), drawn left to right and
/// cut with an ellipsis where the width runs out.
struct SegmentLine {
    private(set) var segments: [(text: DisplayText, style: TextStyle)] = []

    init() {}

    /// Appends `text` in `style`.
    mutating func add(_ text: String, _ style: TextStyle = .normal) {
        segments.append((DisplayText(text), style))
    }

    /// Appends a figure and its label: `180 attending`, the figure in `style`.
    mutating func add(figure: String, label: String, _ style: TextStyle = .accent) {
        if !segments.isEmpty { add("  ") }
        add(figure, style)
        add(" " + label, .muted)
    }

    @MainActor
    func render(into canvas: any Canvas, row: Int, column: Int, width: Int) {
        var x = column
        let end = column + width
        for (text, style) in segments {
            guard x < end else { return }
            let shown = text.width <= end - x ? text : text.truncated(toWidth: end - x)
            canvas.draw(shown, row: row, column: x, style: style)
            x += shown.width
        }
    }
}
