import Foundation
import Glibc

/// The real `blueprint` on a plain pseudo-terminal, with no tmux between: the test writes the
/// bytes a terminal sends for its keys and reads what blueprint draws, byte for byte.
///
/// The pseudo-terminal is nobody's controlling terminal, so changing its size sends no SIGWINCH:
/// blueprint sees a new size only when it looks (as when a key is read before the signal is
/// handled). Standard error goes to /dev/null; the log goes to the data directory's state folder.
final class PseudoTerminal {
    struct Timeout: Error, CustomStringConvertible {
        let expected: String
        let output: String
        var description: String { "timed out waiting for \(expected); the terminal received:\n\(output)" }
    }

    private let master: Int32
    private let process: pid_t
    private var received: [UInt8] = []
    private var exitStatus: Int32?

    /// Starts `blueprint arguments` on a new pseudo-terminal of `columns` × `rows`, with `TERM=term`.
    init(_ blueprint: BlueprintProcess, arguments: [String] = [], term: String, columns: Int = 100, rows: Int = 30) throws {
        master = Self.posixOpenpt(O_RDWR | O_NOCTTY)
        guard master >= 0, Self.grantpt(master) == 0, Self.unlockpt(master) == 0, let name = Self.ptsname(master) else {
            throw Timeout(expected: "a pseudo-terminal", output: String(cString: strerror(errno)))
        }
        let secondary = String(cString: name)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, secondary, O_RDWR | O_NOCTTY, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, master)
        let command = [BlueprintProcess.executable.path] + arguments
        let environment = blueprint.environment(["TERM": term]).map { "\($0.key)=\($0.value)" }
        var argv = command.map { strdup($0) } + [nil]
        var envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, command[0], &actions, nil, &argv, &envp)
        guard status == 0 else { throw Timeout(expected: "blueprint to start", output: String(cString: strerror(status))) }
        process = child
    }

    // Glibc's Swift module is built without _XOPEN_SOURCE, which hides the pseudo-terminal
    // functions (CNcursesw's shim.h says the same of wcwidth); they are looked up by name.
    private static let posixOpenpt = libc("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    private static let grantpt = libc("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    private static let unlockpt = libc("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    private static let ptsname = libc("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)

    private static func libc<Function>(_ name: String, as type: Function.Type) -> Function {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else { preconditionFailure("libc has no \(name)") }
        return unsafeBitCast(symbol, to: type)
    }

    deinit {
        if exitStatus == nil {
            kill(process, SIGKILL)
            var status: Int32 = 0
            waitpid(process, &status, 0)
        }
        close(master)
    }

    /// Sends `text` as the terminal would: its bytes, escape sequences included.
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Changes the terminal's size without telling blueprint (no SIGWINCH reaches it).
    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Sends blueprint `signal` (SIGWINCH after `resize`, as a terminal would).
    func signal(_ signal: Int32) { kill(process, signal) }

    /// Forgets what was received so far, so the next wait looks at what comes after.
    func forgetOutput() {
        drain()
        received = []
    }

    /// Reads until what blueprint wrote since the last `forgetOutput()` holds `text`.
    func waitFor(_ text: String, within limit: Duration = .seconds(15)) async throws {
        let deadline = ContinuousClock.now + limit
        while true {
            drain()
            if String(decoding: received, as: UTF8.self).contains(text) { return }
            guard ContinuousClock.now < deadline else {
                throw Timeout(expected: "“\(text)”", output: String(decoding: received, as: UTF8.self))
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits for blueprint to exit, reading what it writes meanwhile, and returns its status.
    func waitForExit(within limit: Duration = .seconds(15)) async throws -> Int32 {
        let deadline = ContinuousClock.now + limit
        while true {
            drain()
            var status: Int32 = 0
            if waitpid(process, &status, WNOHANG) == process {
                exitStatus = (status >> 8) & 0xFF
                return exitStatus!
            }
            guard ContinuousClock.now < deadline else {
                throw Timeout(expected: "blueprint to exit", output: String(decoding: received, as: UTF8.self))
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            received += buffer.prefix(count)
        }
    }
}
