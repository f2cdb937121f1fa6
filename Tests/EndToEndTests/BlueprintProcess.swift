import Foundation

/// Runs the real `blueprint` binary (built next to the test bundle) against a private data directory.
struct BlueprintProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    let dataDirectory: URL

    /// A fresh, empty data directory `data` in a private folder under the temporary folder
    /// (its parent holds nothing else but the test's input files in `files`).
    static func withTemporaryDataDirectory() throws -> BlueprintProcess {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("blueprint-e2e-\(UUID().uuidString)", isDirectory: true)
            .appendingPathComponent("data", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return BlueprintProcess(dataDirectory: directory)
    }

    /// The built `blueprint` executable: in the same products folder as this test bundle.
    static var executable: URL {
        var folder = Bundle.main.bundleURL
        if folder.pathExtension == "xctest" { folder.deleteLastPathComponent() }
        return folder.appendingPathComponent("blueprint")
    }

    /// Runs `blueprint` with `arguments` (the data directory is passed by environment) and waits,
    /// in `directory` when given (for relative paths), else in the tests' working directory.
    ///
    /// With `honouringFileModes`, file permissions apply to it even when the tests run as root:
    /// it then runs through `setpriv` without the capabilities that let root ignore them.
    @discardableResult
    func run(_ arguments: [String], environment extra: [String: String] = [:], honouringFileModes: Bool = false,
             in directory: URL? = nil) throws -> Result {
        let (process, output, errors) = try start(arguments, environment: extra, honouringFileModes: honouringFileModes,
                                                  in: directory)
        let stdout = output.readDataToEndOfFile()
        let stderr = errors.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Starts `blueprint` with `arguments` and returns at once, for a command that runs until it
    /// is stopped (`serve`): the process and the reading end of its standard error. Its standard
    /// output is discarded.
    func launch(_ arguments: [String]) throws -> (process: Process, errors: FileHandle) {
        let (process, output, errors) = try start(arguments, environment: [:], honouringFileModes: false, in: nil)
        try output.close()
        return (process, errors)
    }

    /// How a run whose reader went away ended.
    struct Ending {
        /// The exit status, or the signal that ended it when `signalled`.
        let status: Int32
        let signalled: Bool
        let stderr: String
    }

    /// Runs `blueprint` with `arguments` as `blueprint … | head -LINES` would: standard output is
    /// read until `lines` lines have come, then closed while it may still be writing. With
    /// `ignoringSIGPIPE`, it starts with that signal ignored, as some parents leave it (systemd's
    /// services, scripting languages' child processes).
    func run(_ arguments: [String], closingOutputAfter lines: Int, ignoringSIGPIPE: Bool) throws -> Ending {
        // A shell that ignores the signal and then becomes blueprint passes the ignoring on.
        let ignoring = ["/bin/sh", "-c", "trap '' PIPE; exec \"$0\" \"$@\"", Self.executable.path]
        let (process, output, errors) = try start(arguments, environment: [:], honouringFileModes: false, in: nil,
                                                  launcher: ignoringSIGPIPE ? ignoring : nil)
        var read = 0
        while read < lines {
            let chunk = output.availableData
            if chunk.isEmpty { break }
            read += chunk.count { $0 == UInt8(ascii: "\n") }
        }
        try output.close()
        let stderr = errors.readDataToEndOfFile()
        process.waitUntilExit()
        return Ending(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Starts `blueprint` (see `run`), standard input on /dev/null, through `launcher` if given
    /// (the command that runs the executable); returns it and the reading ends of its standard
    /// output and error.
    private func start(_ arguments: [String], environment extra: [String: String], honouringFileModes: Bool,
                       in directory: URL?, launcher: [String]? = nil) throws -> (Process, output: FileHandle, errors: FileHandle) {
        let process = Process()
        if let directory { process.currentDirectoryURL = directory }
        let launcher = launcher ?? Self.launcher(honouringFileModes: honouringFileModes)
        process.executableURL = URL(fileURLWithPath: launcher[0])
        process.arguments = launcher.dropFirst() + arguments
        process.environment = environment(extra)
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, output.fileHandleForReading, errors.fileHandleForReading)
    }

    /// The environment `blueprint` runs in: this process's, with the data directory, a UTF-8
    /// locale and folders of the test's own for configuration and state, then `extra`.
    func environment(_ extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["BLUEPRINT_DATA_DIR"] = dataDirectory.path
        environment["LANG"] = "C.UTF-8"
        // The configuration file of whoever runs the tests must not change what the tests see.
        environment["XDG_CONFIG_HOME"] = configurationHome.path
        environment["XDG_STATE_HOME"] = stateHome.path
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// The command that starts `blueprint`: the executable, or (`honouringFileModes` as root)
    /// `setpriv` running it without the capabilities that let root ignore file permissions.
    static func launcher(honouringFileModes: Bool) -> [String] {
        guard honouringFileModes && geteuid() == 0 else { return [executable.path] }
        return ["/usr/bin/setpriv", "--bounding-set=-dac_override,-dac_read_search", executable.path]
    }

    /// `XDG_CONFIG_HOME` for the runs: an empty folder beside the data directory, so
    /// `blueprint/config.toml` in it is the configuration file a test gives.
    var configurationHome: URL { dataDirectory.deletingLastPathComponent().appendingPathComponent("config", isDirectory: true) }

    /// `XDG_STATE_HOME` for the runs, where `blueprint/blueprint.log` goes.
    var stateHome: URL { dataDirectory.deletingLastPathComponent().appendingPathComponent("state", isDirectory: true) }

    /// The path of a file `name` in the temporary folder of `file(named:_:)`, not made yet (for
    /// a command to write, which refuses to replace a file).
    func path(named name: String) throws -> String {
        let url = dataDirectory.deletingLastPathComponent().appendingPathComponent("files", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.appendingPathComponent(name).path
    }

    /// Writes `text` to a file in a temporary folder and returns its path.
    func file(named name: String, _ text: String) throws -> String {
        let url = dataDirectory.deletingLastPathComponent().appendingPathComponent("files", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// Every regular file under the data directory, relative to it, with its contents.
    func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let root = dataDirectory.resolvingSymlinksInPath().path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return files }
        for case let path as String in enumerator {
            var isDirectory: ObjCBool = false
            let full = root + "/" + path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = FileManager.default.contents(atPath: full)
            }
        }
        return files
    }
}
