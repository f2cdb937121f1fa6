import Glibc

/// Runs another program in the foreground with this process's terminal, and waits for it: a
/// pager or the system's opener, while the planner has handed the terminal back.
enum ChildProcess {
    /// Why a program could not be run.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The signals the app ignores (it watches them with dispatch sources); a child gets them
    /// back at their defaults, so Ctrl-C and resizing work in a pager.
    private static let resetSignals = [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT, SIGQUIT, SIGPIPE]

    /// Runs `arguments` (a program, looked up on `PATH` unless it names a path, then its
    /// arguments) and returns its exit status once it ends, or why it could not start.
    static func run(_ arguments: [String]) -> Result<Int32, Failure> {
        guard let program = arguments.first else { return .failure(Failure(description: "no program to run")) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in resetSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, program, nil, &attributes, &argv, environ)
        guard spawned == 0 else { return .failure(Failure(description: String(cString: strerror(spawned)))) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return .failure(Failure(description: String(cString: strerror(errno)))) }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import as macros.
        let signalled = status & 0x7f
        return .success(signalled == 0 ? (status >> 8) & 0xff : 128 + signalled)
    }
}
