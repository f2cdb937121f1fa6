import Foundation
import Glibc

/// Where the configuration file lives, and reading it.
public enum ConfigurationFile {
    /// `$XDG_CONFIG_HOME/blueprint/config.toml` (when absolute, as the XDG spec asks), else
    /// `~/.config/blueprint/config.toml`.
    public static func defaultPath(environment: [String: String]) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/blueprint/config.toml" }
        return home(environment) + "/.config/blueprint/config.toml"
    }

    /// The largest file read: a configuration file is a few lines.
    static let maximumSize = 1 << 20

    /// The settings in the file at `path` (default: `defaultPath`) and its problems. A missing
    /// file at the default path means the defaults, with no problem; a file named with `path`
    /// that is missing, and a file that cannot be read, is not a regular file (a FIFO is never
    /// waited on), is too large or is not UTF-8 text, is one problem.
    public static func load(path: String?, environment: [String: String]) -> (configuration: Configuration, problems: [ConfigurationProblem]) {
        let location = path ?? defaultPath(environment: environment)
        let shown = abbreviated(location, environment: environment)
        func failure(_ message: String) -> (Configuration, [ConfigurationProblem]) {
            (.defaults, [ConfigurationProblem(file: shown, line: nil, message: message)])
        }
        // stat follows a link: a configuration file linked from a dotfiles repository is usual.
        var status = stat()
        guard stat(location, &status) == 0 else {
            return path == nil ? (.defaults, []) : failure("no such file")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return failure("is a folder, not a file")
        default: return failure("is not a regular file")
        }
        let size = Int(status.st_size)
        guard size <= maximumSize else { return failure("is \(size) bytes, too large for a configuration file (at most \(maximumSize))") }
        guard let data = FileManager.default.contents(atPath: location) else { return failure("cannot be read") }
        guard let text = String(data: data, encoding: .utf8) else { return failure("is not UTF-8 text") }
        return Configuration.read(text, file: shown)
    }

    /// `path` with the home folder written as `~`, as messages show it.
    static func abbreviated(_ path: String, environment: [String: String]) -> String {
        let home = home(environment)
        guard home.count > 1, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    private static func home(_ environment: [String: String]) -> String {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }
}
