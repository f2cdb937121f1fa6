import BlueprintTestSupport
import Foundation
import Glibc

/// Runs a short command and waits for it with `waitpid` on its own process id.
///
/// Foundation's `Process` left the tmux client unreaped here (the client forks the tmux server
/// and exits), so waiting never returned. Spawning directly also lets the child start with no
/// signal blocked and default dispositions: a test runs on a pool thread that blocks most
/// signals, and a tmux server inheriting that mask would never pass SIGHUP on to its panes.
enum Subprocess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `arguments` (the program found on `PATH`), standard input and error on /dev/null;
    /// returns standard output if `readsOutput` (else it goes to /dev/null too) and the exit status.
    static func run(_ arguments: [String], readsOutput: Bool = true) throws -> (output: String, status: Int32) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipe: [Int32] = [-1, -1]
        if readsOutput {
            guard Glibc.pipe(&pipe) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
            // Other tests spawn at the same time: only this child may hold the write end.
            for end in pipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            posix_spawn_file_actions_adddup2(&actions, pipe[1], STDOUT_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        // Nothing else of this process: a tmux server outlives the test (see `SpawnedAlone`).
        SpawnedAlone.closeInheritedDescriptors(&actions)
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
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
        if readsOutput { close(pipe[1]) }
        guard spawned == 0 else {
            if readsOutput { close(pipe[0]) }
            throw Failure(description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        var output = Data()
        if readsOutput {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(pipe[0], &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                output.append(contentsOf: buffer[0..<count])
            }
            close(pipe[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (String(decoding: output, as: UTF8.self), exitStatus)
    }
}
