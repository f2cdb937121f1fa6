import BlueprintDomain
import BlueprintText
import Foundation
import Testing

@Suite("JSON safe to print on a terminal")
struct JSONEscapingTests {
    @Test("bidi overrides, zero-width characters, DEL and C1 controls become \\u escapes; the JSON decodes to the same text")
    func escapesWhatATerminalWouldObey() throws {
        let name = "Evil\u{1B}]0;x\u{07} \u{202E}Ben\u{200B} \u{9B}31m\u{7F} 山田 Zoë"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let json = String(decoding: try encoder.encode(["name": name]), as: UTF8.self)
        let escaped = TerminalSanitizer.escapingJSON(json)
        #expect(!escaped.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x200B || $0.value == 0x9B || $0.value == 0x7F })
        #expect(!escaped.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(escaped.contains("\\u202E") && escaped.contains("山田 Zoë"))
        #expect(try JSONDecoder().decode([String: String].self, from: Data(escaped.utf8)) == ["name": name])
    }

    @Test("JSON with nothing to escape is returned as it is")
    func untouched() {
        let json = "{\n  \"name\" : \"Ana & Ben 💐\"\n}"
        #expect(TerminalSanitizer.escapingJSON(json) == json)
    }
}
