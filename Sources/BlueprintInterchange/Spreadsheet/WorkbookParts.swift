import Foundation
import XMLCoder

/// What `xl/workbook.xml` and its relationships say: the sheets in order, where each sheet's XML
/// is, where the shared strings and styles are, and which date system the workbook uses.
struct WorkbookParts {
    struct Sheet {
        let name: String
        let path: String
    }

    let sheets: [Sheet]
    let sharedStringsPath: String?
    let stylesPath: String?
    let uses1904: Bool

    init(_ archive: XLSXArchive) throws(SpreadsheetFailure) {
        let workbookPath = "xl/workbook.xml"
        guard let workbookXML = try archive.xml(workbookPath) else {
            throw SpreadsheetFailure("the file is not an .xlsx workbook (it has no \(workbookPath))")
        }
        let workbook: WorkbookXML = try Self.decode(workbookXML, part: workbookPath)
        let relationsPath = "xl/_rels/workbook.xml.rels"
        let relations: RelationshipsXML = try archive.xml(relationsPath).map { data throws(SpreadsheetFailure) in
            try Self.decode(data, part: relationsPath)
        } ?? RelationshipsXML(relationship: [])
        var target: [String: String] = [:]
        for relation in relations.relationship { target[relation.id] = Self.path(of: relation.target) }
        sheets = try workbook.sheets.sheet.map { sheet throws(SpreadsheetFailure) in
            guard let path = target[sheet.relation] else {
                throw SpreadsheetFailure("the workbook does not say where sheet \"\(sheet.name)\" is")
            }
            return Sheet(name: sheet.name, path: path)
        }
        func part(_ type: String) -> String? {
            relations.relationship.first { $0.type.hasSuffix("/" + type) }.map { Self.path(of: $0.target) }
        }
        sharedStringsPath = part("sharedStrings")
        stylesPath = part("styles")
        uses1904 = ["1", "true"].contains(workbook.workbookPr?.date1904?.lowercased())
    }

    /// The archive path of a relationship's target, which is relative to `xl/` unless it starts with `/`.
    private static func path(of target: String) -> String {
        target.hasPrefix("/") ? String(target.dropFirst()) : "xl/" + target
    }

    /// `data` decoded as `T`, or a failure naming the part.
    static func decode<T: Decodable>(_ data: Data, part: String) throws(SpreadsheetFailure) -> T {
        do {
            return try XMLDecoder().decode(T.self, from: data)
        } catch {
            throw SpreadsheetFailure("\(part) is not valid workbook XML")
        }
    }
}

/// `xl/workbook.xml`, as far as the importer needs it.
private struct WorkbookXML: Decodable {
    struct Properties: Decodable {
        let date1904: String?
    }

    struct Sheets: Decodable {
        let sheet: [SheetXML]
    }

    struct SheetXML: Decodable {
        let name: String
        let relation: String

        enum CodingKeys: String, CodingKey {
            case name
            case relation = "r:id"
        }
    }

    let workbookPr: Properties?
    let sheets: Sheets
}

/// A `.rels` part: what each relationship id points at.
private struct RelationshipsXML: Decodable {
    struct Relationship: Decodable {
        let id: String
        let type: String
        let target: String

        enum CodingKeys: String, CodingKey {
            case id = "Id"
            case type = "Type"
            case target = "Target"
        }
    }

    let relationship: [Relationship]

    init(relationship: [Relationship]) { self.relationship = relationship }

    enum CodingKeys: String, CodingKey {
        case relationship = "Relationship"
    }
}
