import Glibc

/// Spawning a child that keeps nothing of the test process but what it is given: its standard
/// descriptors as set up, no signal blocked, every signal at its default.
///
/// Tests spawn at the same time on several threads, and a long-lived child (a PostgreSQL server,
/// a tmux server) that inherits another test's pipe holds its write end open for good: the
/// reader of that pipe then never sees its end. glibc's
/// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later) closes them all in the child;
/// Swift's Glibc module does not declare it (a GNU extension), so it is looked up by name.
/// A test also runs on a pool thread that blocks most signals, and a server inheriting that mask
/// would never hear the signal that stops it (`pg_ctl stop`) or pass SIGHUP on to its panes (tmux).
public enum SpawnedAlone {
    /// A child that could not be started.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    private static let addCloseFrom: AddCloseFrom? = dlsym(UnsafeMutableRawPointer(bitPattern: 0),
                                                           "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: AddCloseFrom.self) }

    /// Starts `arguments` (the program by its path, or found on `PATH` when `searchingPath`) with
    /// `actions`, which set up its standard descriptors; every other descriptor is closed in the
    /// child. Returns the child's process id, for the caller to wait for.
    public static func spawn(_ arguments: [String], actions: inout posix_spawn_file_actions_t,
                             searchingPath: Bool = false) throws(Failure) -> pid_t {
        _ = addCloseFrom?(&actions, STDERR_FILENO + 1)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = searchingPath ? posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
                                    : posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard spawned == 0 else {
            throw Failure(description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        return pid
    }
}
