import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The workbook's shared-strings table (`xl/sharedStrings.xml`): the text of every `t="s"` cell,
/// by index. A rich-text string is the text of its runs (`<r><t>`) joined; phonetic guides
/// (`<rPh>`) are left out.
struct SharedStrings {
    let strings: [String]

    init(_ data: Data?, part: String, limits: SpreadsheetLimits) throws(SpreadsheetFailure) {
        guard let data else {
            strings = []
            return
        }
        let reader = Reader(limits: limits)
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse() else { throw reader.failure ?? SpreadsheetFailure("\(part) is not valid workbook XML") }
        strings = reader.strings
    }

    /// Collects the text of each `<si>`, within the limits.
    private final class Reader: NSObject, XMLParserDelegate {
        let limits: SpreadsheetLimits
        var strings: [String] = []
        var failure: SpreadsheetFailure?
        private var current: String?
        private var inText = false
        private var phoneticDepth = 0

        init(limits: SpreadsheetLimits) { self.limits = limits }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            switch name {
            case "si":
                guard strings.count < limits.sharedStrings else {
                    stop(parser, SpreadsheetFailure("the workbook has more than \(limits.sharedStrings) shared strings"))
                    return
                }
                current = ""
            case "rPh": phoneticDepth += 1
            case "t": inText = current != nil && phoneticDepth == 0
            default: break
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            switch name {
            case "si":
                strings.append(current ?? "")
                current = nil
            case "rPh": phoneticDepth -= 1
            case "t": inText = false
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard inText, let text = current else { return }
            guard text.utf16.count + string.utf16.count <= limits.cellLength else {
                stop(parser, SpreadsheetFailure("shared string \(strings.count + 1) is longer than \(limits.cellLength) characters"))
                return
            }
            current!.append(string)
        }

        private func stop(_ parser: XMLParser, _ failure: SpreadsheetFailure) {
            self.failure = failure
            parser.abortParsing()
        }
    }
}
