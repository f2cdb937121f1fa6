/// A page to print, in the form both page writers take (`PrintableFormat`): a title, a few
/// summary lines, then sections, each with a heading and any of a line under it, a table and a
/// list. Every string is the user's text as stored; the writers escape it.
public struct PrintableDocument: Hashable, Sendable {
    /// Rows under a row of column names; every row has one cell per column.
    public struct Table: Hashable, Sendable {
        public var columns: [String]
        public var rows: [Row]

        public init(columns: [String], rows: [Row]) {
            self.columns = columns
            self.rows = rows
        }
    }

    /// One row of a table. A flagged row (a clash) is marked for the eye in HTML; its text
    /// should say why, so the mark is never the only sign.
    public struct Row: Hashable, Sendable {
        public var cells: [String]
        public var isFlagged: Bool

        public init(_ cells: [String], isFlagged: Bool = false) {
            self.cells = cells
            self.isFlagged = isFlagged
        }
    }

    public struct Section: Hashable, Sendable {
        public var heading: String
        /// A line under the heading ("8 guests"); left out when empty.
        public var summary: String
        public var table: Table?
        public var list: [String]
        /// Kept on one page when it fits (a table's guests), rather than only row by row.
        public var keepsTogether: Bool

        public init(heading: String, summary: String = "", table: Table? = nil, list: [String] = [],
                    keepsTogether: Bool = false) {
            self.heading = heading
            self.summary = summary
            self.table = table
            self.list = list
            self.keepsTogether = keepsTogether
        }
    }

    public var title: String
    /// Lines under the title.
    public var summary: [String]
    public var sections: [Section]

    public init(title: String, summary: [String] = [], sections: [Section] = []) {
        self.title = title
        self.summary = summary
        self.sections = sections
    }
}
