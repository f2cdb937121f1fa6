import BlueprintDomain

/// One column a CSV file of `R` records may have: the header export writes, the other headers
/// import accepts, and how a cell becomes part of a record and back.
struct CSVColumn<R> {
    /// The header export writes.
    let header: String
    /// Every accepted header as a `LooseKey` (the export header's included).
    let keys: Set<String>
    /// The `ValidationIssue.field` names this column supplies, so a validator's complaint is
    /// reported against it.
    let issueFields: Set<String>
    /// When any of these columns is present this one is recognised but not read
    /// ("Full Name" beside "First Name").
    let unusedBeside: Set<String>
    /// Sets the record's field(s) from a cell.
    let read: (String, CSVContext, inout R) throws(CSVValueError) -> Void
    /// Copies the field(s) this column sets from one record to another (merging into an existing one).
    let copy: (R, inout R) -> Void
    /// The cell export writes for a record.
    let write: (R, CSVContext) -> String

    init(_ header: String, aliases: [String] = [], issueFields: Set<String> = [], unusedBeside: Set<String> = [],
         read: @escaping (String, CSVContext, inout R) throws(CSVValueError) -> Void,
         copy: @escaping (R, inout R) -> Void,
         write: @escaping (R, CSVContext) -> String) {
        self.header = header
        self.keys = Set(([header] + aliases).map(LooseKey.of))
        self.issueFields = issueFields
        self.unusedBeside = Set(unusedBeside.map(LooseKey.of))
        self.read = read
        self.copy = copy
        self.write = write
    }

    /// A column holding one field, parsed and formatted by the given functions.
    static func field<V>(_ header: String, aliases: [String] = [], issueField: String? = nil,
                         _ keyPath: WritableKeyPath<R, V>,
                         parse: @escaping (String, CSVContext) throws(CSVValueError) -> V,
                         format: @escaping (V, CSVContext) -> String) -> CSVColumn {
        CSVColumn(header, aliases: aliases, issueFields: Set([issueField].compactMap { $0 }),
                  read: { (text, context, record) throws(CSVValueError) in record[keyPath: keyPath] = try parse(text, context) },
                  copy: { source, target in target[keyPath: keyPath] = source[keyPath: keyPath] },
                  write: { record, context in format(record[keyPath: keyPath], context) })
    }

    /// A free-text column, kept exactly as typed.
    static func text(_ header: String, aliases: [String] = [], issueField: String? = nil,
                     _ keyPath: WritableKeyPath<R, String>) -> CSVColumn {
        field(header, aliases: aliases, issueField: issueField, keyPath, parse: { text, _ in text }, format: { value, _ in value })
    }

    /// A yes/no column.
    static func flag(_ header: String, aliases: [String] = [], issueField: String? = nil,
                     _ keyPath: WritableKeyPath<R, Bool>) -> CSVColumn {
        field(header, aliases: aliases, issueField: issueField, keyPath,
              parse: { (text, _) throws(CSVValueError) in try CSVChoices.yesNo.parse(text, as: "yes or no") },
              format: { value, _ in CSVChoices.label(value) })
    }

    /// A `yyyy-MM-dd` date column; blank means no date.
    static func date(_ header: String, aliases: [String] = [], _ keyPath: WritableKeyPath<R, CalendarDate?>) -> CSVColumn {
        field(header, aliases: aliases, keyPath,
              parse: { (text, _) throws(CSVValueError) in try CSVValues.date(text) },
              format: { value, _ in value?.description ?? "" })
    }
}

/// Everything the importer and exporter need to know about one kind of record's CSV files.
struct CSVSchema<R: TableRecord> {
    /// In export order.
    let columns: [CSVColumn<R>]
    /// Groups of headers (as written in `columns`); a file must have at least one column of each group.
    let requiredColumns: [[String]]
    /// Headers that find the record to update when merging (an email): in merge mode they stand
    /// for any required group, since a row that matches needs nothing else, and a row that does
    /// not is refused by the record's own checks (a new guest without a name).
    var matchColumns: [String] = []
    /// A new record before any cell is read.
    let blank: () -> R
    /// The keys that identify a record when merging, most specific first (an email, then a name);
    /// each key is compared exactly, so make it case-insensitive here.
    let matchKeys: (R) -> [String]
    /// How messages name a record: "Bob Smith".
    let label: (R) -> String
}
