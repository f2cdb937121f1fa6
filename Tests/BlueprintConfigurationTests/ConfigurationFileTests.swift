import BlueprintConfiguration
import Foundation
import Glibc
import Testing

@Suite("Where the configuration file is, and reading it")
struct ConfigurationFileTests {
    @Test("$XDG_CONFIG_HOME/blueprint/config.toml when it is absolute, else ~/.config/blueprint/config.toml")
    func defaultPath() {
        #expect(ConfigurationFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/config", "HOME": "/home/ana"])
                == "/x/config/blueprint/config.toml")
        #expect(ConfigurationFile.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/ana"])
                == "/home/ana/.config/blueprint/config.toml")
        #expect(ConfigurationFile.defaultPath(environment: ["HOME": "/home/ana"]) == "/home/ana/.config/blueprint/config.toml")
    }

    @Test("no file at the default place means the defaults, without a problem")
    func missingDefault() throws {
        let folder = try temporaryFolder()
        let (configuration, problems) = ConfigurationFile.load(path: nil, environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(configuration == .defaults)
        #expect(problems.isEmpty)
    }

    @Test("the file at the default place is read, and messages write the home folder as ~")
    func readsDefault() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("blueprint/config.toml")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("mouse = true\ntheme = \"dark\"\n".utf8).write(to: file)
        let (configuration, problems) = ConfigurationFile.load(path: nil, environment: ["XDG_CONFIG_HOME": folder.path,
                                                                                         "HOME": folder.path])
        #expect(configuration.mouse)
        #expect(problems.map(\.description) == [
            "~/blueprint/config.toml:2: unknown theme \"dark\": use \"auto\", \"256-colors\", \"16-colors\", \"8-colors\", \"monochrome\"",
        ])
    }

    @Test("a file named with --config that is missing, a folder or not UTF-8 is one problem, and the defaults apply")
    func unreadable() throws {
        let folder = try temporaryFolder()
        let binary = folder.appendingPathComponent("binary.toml")
        try Data([0x74, 0x68, 0xFF, 0xFE, 0x0A]).write(to: binary)
        let cases = [(folder.appendingPathComponent("nope.toml").path, "no such file"),
                     (folder.path, "is a folder, not a file"),
                     (binary.path, "is not UTF-8 text")]
        for (path, message) in cases {
            let (configuration, problems) = ConfigurationFile.load(path: path, environment: ["HOME": "/nonexistent-home"])
            #expect(configuration == .defaults)
            #expect(problems == [ConfigurationProblem(file: path, line: nil, message: message)])
            #expect(problems.first?.description == "\(path): \(message)")
        }
    }

    @Test("a FIFO, a device or a huge file named with --config is one problem at once: never waited on nor read whole")
    func notAConfigurationFile() throws {
        let folder = try temporaryFolder()
        let fifo = folder.appendingPathComponent("config.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let huge = folder.appendingPathComponent("huge.toml")
        try Data(count: 2 << 20).write(to: huge)
        let cases = [(fifo, "is not a regular file"), ("/dev/zero", "is not a regular file"),
                     (huge.path, "is 2097152 bytes, too large for a configuration file (at most 1048576)")]
        for (path, message) in cases {
            let (configuration, problems) = ConfigurationFile.load(path: path, environment: ["HOME": "/nonexistent-home"])
            #expect(configuration == .defaults)
            #expect(problems == [ConfigurationProblem(file: path, line: nil, message: message)])
        }
    }

    @Test("a configuration file that is a link (to a dotfiles repository, say) is read through it")
    func linkedFile() throws {
        let folder = try temporaryFolder()
        let real = folder.appendingPathComponent("dotfiles.toml"), link = folder.appendingPathComponent("config.toml")
        try Data("mouse = true\n".utf8).write(to: real)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let (configuration, problems) = ConfigurationFile.load(path: link.path, environment: ["HOME": "/nonexistent-home"])
        #expect(configuration.mouse)
        #expect(problems.isEmpty)
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("blueprint-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
