import BlueprintConfiguration
import BlueprintDomain
import Testing

@Suite("Reading the configuration file")
struct ConfigurationReaderTests {
    private func read(_ text: String) -> (configuration: Configuration, problems: [ConfigurationProblem]) {
        Configuration.read(text, file: "~/.config/blueprint/config.toml")
    }

    /// Each problem as `line: message`.
    private func lines(_ problems: [ConfigurationProblem]) -> [Int?] { problems.map(\.line) }

    @Test("every setting is read: theme, mouse, currency and key overrides with their lines")
    func everySetting() {
        let (configuration, problems) = read("""
            # My settings
            theme = "monochrome"   # no colour
            mouse = true
            currency = "eur"

            [keys.guests]
            rsvp-attending = "y"
            rsvp-declined = ['n', "ctrl-n"]
            [keys.list]
            add = "+"
            """)
        #expect(problems.isEmpty, "\(problems)")
        #expect(configuration.theme == .monochrome)
        #expect(configuration.mouse)
        #expect(configuration.currency == Currency(code: "EUR"))
        #expect(configuration.keyOverrides == [
            KeyOverride(section: "guests", action: "rsvp-attending", keys: ["y"], file: "~/.config/blueprint/config.toml", line: 7),
            KeyOverride(section: "guests", action: "rsvp-declined", keys: ["n", "ctrl-n"], file: "~/.config/blueprint/config.toml", line: 8),
            KeyOverride(section: "list", action: "add", keys: ["+"], file: "~/.config/blueprint/config.toml", line: 10),
        ])
    }

    @Test("[serve] gives serve's listen address, base URL and trusted proxy as written; a wrong one is named by line")
    func serveSection() {
        let (configuration, problems) = read("""
            [serve]
            listen = "0.0.0.0:8443"
            base-url = "https://rsvp.example.com"
            trusted-proxy = "10.0.0.2"
            port = "80"
            """)
        #expect(configuration.serve == ServeSettings(listen: "0.0.0.0:8443", baseURL: "https://rsvp.example.com", trustedProxy: "10.0.0.2"))
        #expect(lines(problems) == [5])
        #expect(problems.first?.message.hasPrefix("unknown setting \"serve.port\"") == true)

        #expect(read("serve.base-url = \"https://rsvp.example.com\"\n").configuration.serve.baseURL == "https://rsvp.example.com",
                "a dotted key at the top, as the example file writes it")

        let wrong = read("[serve]\nlisten = 8080\n")
        #expect(wrong.configuration.serve.listen == nil)
        #expect(lines(wrong.problems) == [2] && wrong.problems[0].message == "serve.listen is text in quotes, not 8080")
    }

    @Test("name is who your changes are shown as: trimmed, and never blank or holding control characters")
    func name() {
        #expect(read("name = \"  Mei Chen \"").configuration.name == "Mei Chen")
        #expect(read("name = \"Zoë 🌸\"").configuration.name == "Zoë 🌸")
        #expect(Configuration.defaults.name == nil)
        for bad in ["name = \"   \"", "name = \"Mei\\u001b[2J\"", "name = true", "name = [\"a\"]"] {
            let (configuration, problems) = read(bad)
            #expect(configuration.name == nil, "\(bad)")
            #expect(problems.map(\.line) == [1], "\(bad)")
            #expect(problems.first?.message.hasPrefix("name is the text your changes are shown under") == true, "\(bad)")
        }
    }

    @Test("an empty file, or one of comments, means every default")
    func defaults() {
        for text in ["", "\n\n", "# nothing here\n   # indented comment\n"] {
            let (configuration, problems) = read(text)
            #expect(configuration == .defaults)
            #expect(problems.isEmpty)
        }
        #expect(Configuration.defaults.theme == .auto && !Configuration.defaults.mouse && Configuration.defaults.currency == nil)
    }

    @Test("dotted keys, literal strings, escapes, a byte-order mark and CRLF line ends are understood")
    func syntaxVariants() {
        let (configuration, problems) = read("\u{FEFF}theme = '16-colors'\r\nkeys.list.add = \"\\u002B\"\r\n[keys]\r\ntasks.expand = [ \"x\" , ]\r\n")
        #expect(problems.isEmpty, "\(problems)")
        #expect(configuration.theme == .colors16)
        #expect(configuration.keyOverrides.map(\.keys) == [["+"], ["x"]])
        #expect(configuration.keyOverrides.map(\.line) == [2, 4])
    }

    @Test("each kind of syntax error names its line, and the rest of the file still counts", arguments: [
        ("theme \"auto\"", "expected \"=\""),
        ("theme =", "a value is missing"),
        ("theme = auto", "\"auto\" is not a value"),
        ("theme = \"auto", "not closed"),
        ("theme = \"a\\qb\"", "unknown escape \"\\q\""),
        ("theme = \"\\u12\"", "needs 4 hex digits"),
        ("theme = \"auto\" extra", "unexpected \"extra\""),
        ("theme = \"\"\"auto\"\"\"", "multi-line strings"),
        ("keys.list.add = [\"a\"", "must close with ]"),
        ("keys.list.add = [1, 2]", "holds only text"),
        ("keys.list.add = [\"a\" \"b\"]", "expected \",\" or \"]\""),
        ("\"theme\" = \"auto\"", "without quotes"),
        ("= 3", "expected a setting"),
        ("[[keys]]", "arrays of tables"),
        ("[keys.list", "a section header"),
    ])
    func syntaxErrors(line: String, expected: String) {
        let (configuration, problems) = read("mouse = true\ncurrency = \"JPY\"\n\(line)\n")
        #expect(problems.count == 1)
        #expect(problems.first?.line == 3)
        #expect(problems.first?.message.contains(expected) == true, "\(problems)")
        #expect(problems.first?.description.hasPrefix("~/.config/blueprint/config.toml:3: ") == true)
        #expect(configuration.mouse)
        #expect(configuration.currency == Currency(code: "JPY"))
    }

    @Test("the settings under a section header that cannot be read are skipped, without more problems")
    func brokenHeader() {
        let (configuration, problems) = read("[keys.list\nadd = \"+\"\nmouse = true\n[keys.tasks]\nexpand = \"x\"\n")
        #expect(lines(problems) == [1])
        #expect(!configuration.mouse)
        #expect(configuration.keyOverrides.map(\.action) == ["expand"])
    }

    @Test("a bad value keeps that setting's default and names its line", arguments: [
        ("theme = \"sparkly\"", "unknown theme \"sparkly\""),
        ("theme = 256", "unknown theme 256"),
        ("mouse = \"yes\"", "mouse is true or false, not \"yes\""),
        ("currency = \"EURO\"", "\"EURO\" is not a currency code"),
        ("currency = true", "true is not a currency code"),
    ])
    func badValues(line: String, expected: String) {
        let (configuration, problems) = read("# settings\n\(line)\n")
        #expect(configuration == .defaults)
        #expect(lines(problems) == [2])
        #expect(problems.first?.message.hasPrefix(expected) == true, "\(problems)")
    }

    @Test("unknown settings and sections are named with their line; an unknown section is reported once")
    func unknownNames() {
        let (configuration, problems) = read("""
            colour = "red"
            theme = "8-colors"
            [colours]
            fg = "red"
            bg = "blue"
            [keys.guests.extra]
            add = "x"
            [keys]
            add = "x"
            list.add.more = "y"
            """)
        #expect(configuration.theme == .colors8)
        #expect(configuration.keyOverrides.isEmpty)
        #expect(lines(problems) == [1, 3, 6, 9, 10])
        #expect(problems[0].message.hasPrefix("unknown setting \"colour\": the settings are theme, mouse, currency"))
        #expect(problems[1].message.hasPrefix("unknown section \"[colours]\""))
        #expect(problems[2].message.contains("too deep"))
        #expect(problems[3].message.contains("not directly in [keys]"))
        #expect(problems[4].message.hasPrefix("unknown setting \"keys.list.add.more\""))
    }

    @Test("a key override takes a key name or a list of them")
    func overrideValues() {
        let (configuration, problems) = read("[keys.list]\nadd = true\nedit = []\ndelete = \"x\"\n")
        #expect(lines(problems) == [2, 3])
        #expect(problems.allSatisfy { $0.message.contains("takes a key name or a list of them") })
        #expect(configuration.keyOverrides.map(\.action) == ["delete"])
    }

    @Test("a setting given twice is a problem on the second line; the first stays")
    func duplicates() {
        let (configuration, problems) = read("theme = \"monochrome\"\n[keys.list]\nadd = \"+\"\n[keys.list]\nadd = \"x\"\n")
        #expect(configuration.theme == .monochrome)
        #expect(configuration.keyOverrides.map(\.keys) == [["+"]])
        #expect(lines(problems) == [5])
        #expect(problems.first?.message == "\"keys.list.add\" is already set on line 3")
        // A setting after a header belongs to that header's table, as in TOML (the keymap then
        // reports "theme" as an unknown action of [keys.list]).
        #expect(read("[keys.list]\ntheme = \"auto\"\n").configuration.keyOverrides.map(\.action) == ["theme"])
    }

    @Test("what a message quotes from the file cannot drive the terminal, and is cut to a readable length")
    func sanitised() {
        let (_, problems) = read("theme = \"\\e]0;pwned\\u0007\\u202Edark\"\nmouse = \"\(String(repeating: "y", count: 200))\"\n")
        #expect(problems.count == 2)
        for problem in problems {
            #expect(!problem.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E }, "\(problem)")
        }
        #expect(problems[0].message.contains("␛]0;pwned␇dark"))
        #expect(problems[1].message.count < 80)
        #expect(problems[1].message.contains("…"))
    }
}
