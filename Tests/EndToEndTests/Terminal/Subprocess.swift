import BlueprintTestProcesses
import Foundation
import Glibc

/// Runs a short command and waits for it with `waitpid` on its own process id.
///
/// Foundation's `Process` left the tmux client unreaped here (the client forks the tmux server
/// and exits), so waiting never returned. Spawning it alone (`SpawnedAlone`) also starts the
/// tmux server with no signal blocked and none of the other tests' descriptors.
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
        // A tmux server outlives the test, and must pass SIGHUP on (see `SpawnedAlone`).
        let pid: pid_t
        do {
            pid = try SpawnedAlone.spawn(arguments, actions: &actions, searchingPath: true)
        } catch {
            if readsOutput { for end in pipe { close(end) } }
            throw error
        }
        if readsOutput { close(pipe[1]) }
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
