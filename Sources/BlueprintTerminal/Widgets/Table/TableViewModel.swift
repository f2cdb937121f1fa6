/// The state of a scrolling table: how many rows, which is selected, which are in view, and how
/// far it is scrolled sideways. It handles the navigation actions and mouse events; `TableView`
/// draws it and reports back how many rows fit, so paging moves by what the user sees.
@MainActor
public final class TableViewModel {
    /// The columns; a pane may retitle them (a sort marker) between frames.
    public var columns: [TableColumn]
    public private(set) var rowCount: Int
    /// The selected row; nil only when the table is empty.
    public private(set) var selectedRow: Int?
    /// The first row in view.
    public private(set) var scrollOffset = 0
    /// Columns after the first that are scrolled out of view to the left (the first stays put).
    public private(set) var columnOffset = 0
    /// Rows of data the last frame had room for.
    public internal(set) var viewportRows = 1
    /// Whether the last frame hid columns after the first: scrolling right may reveal them.
    var hidesColumns = false
    /// Where the last frame drew the table, for mouse events; nil before the first.
    public internal(set) var drawnRect: CanvasRect?
    /// Rows a wheel step scrolls.
    public static let wheelStep = 3

    public init(columns: [TableColumn], rowCount: Int = 0) {
        self.columns = columns
        self.rowCount = max(0, rowCount)
        selectedRow = rowCount > 0 ? 0 : nil
    }

    /// Sets the number of rows (the data changed), keeping the selection on a row that exists.
    public func setRowCount(_ count: Int) {
        rowCount = max(0, count)
        if rowCount == 0 {
            selectedRow = nil
        } else {
            select(row: selectedRow ?? 0)
        }
        clampScroll()
    }

    /// Selects `row` (clamped to the rows there are) and scrolls it into view.
    public func select(row: Int) {
        guard rowCount > 0 else { return }
        selectedRow = min(max(0, row), rowCount - 1)
        scrollToSelection()
    }

    /// A step through the table: the selection up and down, the columns sideways.
    public enum Step: Hashable, Sendable, CaseIterable {
        case up, down, pageUp, pageDown, top, bottom, left, right
    }

    /// Moves the selection or the columns one step.
    public func move(_ step: Step) {
        let current = selectedRow ?? 0
        switch step {
        case .up: select(row: current - 1)
        case .down: select(row: current + 1)
        case .pageUp:
            scrollOffset = max(0, scrollOffset - viewportRows)
            select(row: current - viewportRows)
        case .pageDown:
            scrollOffset += viewportRows
            clampScroll()
            select(row: current + viewportRows)
        case .top: select(row: 0)
        case .bottom: select(row: rowCount - 1)
        case .left: columnOffset = max(0, columnOffset - 1)
        case .right: if hidesColumns { columnOffset += 1 }
        }
    }

    /// A click selects the row under it; the wheel scrolls, keeping the selection in view.
    /// `rect` is where the table was drawn. False if the event is outside the table.
    public func handle(_ mouse: MouseEvent, in rect: CanvasRect) -> Bool {
        let position = mouse.position
        guard position.row >= rect.row, position.row < rect.bottom,
              position.column >= rect.column, position.column < rect.column + rect.columns else { return false }
        switch mouse.kind {
        case .click:
            let row = scrollOffset + position.row - rect.row - 1
            guard position.row > rect.row, row < rowCount else { return false }
            select(row: row)
        case .wheelUp, .wheelDown:
            scrollOffset += mouse.kind == .wheelUp ? -Self.wheelStep : Self.wheelStep
            clampScroll()
            if let selectedRow {
                self.selectedRow = min(max(selectedRow, scrollOffset), min(rowCount, scrollOffset + viewportRows) - 1)
            }
        }
        return true
    }

    /// A click or wheel step where the table was last drawn; false if the event is outside it.
    public func handle(_ mouse: MouseEvent) -> Bool {
        guard let drawnRect else { return false }
        return handle(mouse, in: drawnRect)
    }

    /// The rows in view, given `rows` of room for data.
    func visibleRows(fitting rows: Int) -> Range<Int> {
        viewportRows = max(1, rows)
        clampScroll()
        scrollToSelection()
        return scrollOffset..<min(rowCount, scrollOffset + max(0, rows))
    }

    private func scrollToSelection() {
        guard let selectedRow else { return }
        if selectedRow < scrollOffset { scrollOffset = selectedRow }
        if selectedRow >= scrollOffset + viewportRows { scrollOffset = selectedRow - viewportRows + 1 }
    }

    private func clampScroll() {
        scrollOffset = min(max(0, scrollOffset), max(0, rowCount - viewportRows))
    }
}

