import BlueprintConfiguration
import BlueprintDomain
import BlueprintTUI
@testable import BlueprintTerminal
import Foundation
import Testing

@Suite("The configuration file applied to the planner")
struct PlannerSettingsTests {
    private func settings(_ text: String) -> PlannerSettings {
        let (configuration, problems) = Configuration.read(text, file: "config.toml")
        return PlannerSettings(configuration, problems: problems)
    }

    @Test("the theme caps the colours the terminal offers; auto takes them all")
    func themeLimitsColour() {
        func capability(_ theme: String, colors: Int) -> ColorCapability {
            let options = settings("theme = \"\(theme)\"").terminalOptions(environment: [:])
            return ColorCapability.detect(environment: options.environment, hasColors: true, colors: colors, limit: options.colorLimit)
        }
        #expect(capability("auto", colors: 256) == .indexed256)
        #expect(capability("auto", colors: 8) == .ansi8)
        #expect(capability("16-colors", colors: 256) == .ansi16)
        #expect(capability("8-colors", colors: 256) == .ansi8)
        #expect(capability("monochrome", colors: 256) == .monochrome)
        #expect(capability("256-colors", colors: 8) == .ansi8)
    }

    @Test("NO_COLOR wins over any theme in the file")
    func noColorWins() {
        for theme in ThemeChoice.allCases {
            let options = settings("theme = \"\(theme.rawValue)\"").terminalOptions(environment: ["NO_COLOR": "1"])
            #expect(ColorCapability.detect(environment: options.environment, hasColors: true, colors: 256,
                                           limit: options.colorLimit) == .monochrome, "\(theme)")
        }
    }

    @Test("mouse input is off unless the file turns it on")
    func mouse() {
        #expect(!settings("").terminalOptions(environment: [:]).mouse)
        #expect(settings("mouse = true").terminalOptions(environment: [:]).mouse)
    }

    @Test("problems of the file and of its key overrides come together, by line; the good lines still apply")
    func problemsTogether() {
        let settings = settings("""
            [keys.list]
            add = "+"
            edit = "zz"
            [keys.guests]
            rsvp-attending = "y"
            [keys.global]
            help = "h"
            """ + "\ntheme = \"dark\"\n")
        #expect(settings.problems.map(\.line) == [3, 7, 8])
        #expect(settings.keymap.resolve(.character("+"), in: .guests) == .action(.add))
        #expect(settings.keymap.resolve(.character("y"), in: .guests) == .action(.setRSVP(.attending)))
        #expect(settings.keymap.resolve(.character("e"), in: .guests) == .action(.edit))
        #expect(settings.keymap.resolve(.character("?"), in: .guests) == .action(.help))
        #expect(settings.configuration.theme == .auto)
    }

    @Test("the status line note names the file and line, and counts the problems first")
    func statusNote() {
        #expect(settings("mouse = true").statusNote == nil)
        #expect(settings("mouse = 1").statusNote == "config.toml:1: mouse is true or false, not 1")
        #expect(settings("mouse = 1\ntheme = 2\n").statusNote
                == "2 problems in the configuration (all in the log), first config.toml:1: mouse is true or false, not 1")
    }

    // MARK: The example file

    private static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/config.example.toml")

    @Test("Resources/config.example.toml loads without a problem and mentions every setting, theme and section")
    func exampleLoads() throws {
        let text = try String(contentsOf: Self.example, encoding: .utf8)
        let settings = settings(text)
        #expect(settings.problems.isEmpty, "\(settings.problems)")
        for name in Configuration.settingNames {
            #expect(text.contains("\n\(name) = ") || text.contains("\n# \(name) = "), "\(name)")
        }
        for theme in ThemeChoice.allCases {
            #expect(text.contains("\"\(theme.rawValue)\""), "\(theme)")
        }
        for mode in KeyMode.allCases {
            #expect(text.contains("# [keys.\(mode.name)]"), "\(mode.name)")
        }
    }

    @Test("the example's commented key lines are the defaults: uncommented, they give the standard keymap")
    func exampleKeysAreTheDefaults() throws {
        let text = try String(contentsOf: Self.example, encoding: .utf8)
        let setting = try Regex(#"^# (\[keys\.[a-z-]+\]|[a-z0-9-]+ = .*)$"#)
        let uncommented = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.wholeMatch(of: setting) != nil ? String(line.dropFirst(2)) : String(line)
        }.joined(separator: "\n")
        let settings = settings(uncommented)
        #expect(settings.problems.isEmpty, "\(settings.problems)")
        #expect(settings.configuration.keyOverrides.count == Keymap.standard.bindings.count)
        #expect(settings.keymap.bindings == Keymap.standard.bindings)
        #expect(settings.configuration.currency == Currency(code: "EUR"))
    }
}
