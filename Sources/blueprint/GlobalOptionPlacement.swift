import ArgumentParser

/// Lets the options every command shares come before the command's name, as git and kubectl
/// users write them: `blueprint --data-dir D stats --json` is read as
/// `blueprint stats --data-dir D --json`.
///
/// swift-argument-parser reads an option only on the command that declares it, and the root
/// command declares none (each subcommand has its own `--data-dir`); so the leading shared
/// options are moved, unchanged and in order, to just after the subcommand's path before parsing.
/// Anything else before the subcommand's name is left where it is, for the parser to report.
enum GlobalOptionPlacement {
    /// The shared options, each of which takes one value (`--data-dir D` or `--data-dir=D`).
    static let valueOptions: Set<String> = ["--data-dir", "--database", "--config", "--wedding"]

    /// `arguments` (without the program's name) with the leading shared options moved after the
    /// names of the subcommands of `root` that follow them.
    static func arrange(_ arguments: [String], root: ParsableCommand.Type) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if valueOptions.contains(argument), index + 1 < arguments.count {
                leading += arguments[index...index + 1]
                index += 2
            } else if let name = argument.split(separator: "=", maxSplits: 1).first,
                      argument.contains("="), valueOptions.contains(String(name)) {
                leading.append(argument)
                index += 1
            } else {
                break
            }
        }
        guard !leading.isEmpty else { return arguments }
        var path: [String] = []
        var command: ParsableCommand.Type = root
        while index < arguments.count, let subcommand = subcommand(of: command, named: arguments[index]) {
            path.append(arguments[index])
            command = subcommand
            index += 1
        }
        guard !path.isEmpty else { return arguments }
        return path + leading + arguments[index...]
    }

    /// The subcommand of `command` called `name` (or one of its aliases), if any.
    private static func subcommand(of command: ParsableCommand.Type, named name: String) -> ParsableCommand.Type? {
        command.configuration.subcommands.first { candidate in
            candidate._commandName == name || candidate.configuration.aliases.contains(name)
        }
    }
}
