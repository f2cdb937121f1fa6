import Foundation
import Glibc

/// What commands print, written to standard output in one place, unbuffered.
///
/// A reader that has gone (`blueprint export guests | head -2`) ends the command as it ends
/// `cat`: killed by SIGPIPE, quietly (status 141 in the shell), whether or not the process was
/// ignoring that signal. Any other failure to write is a `CommandFailure`.
enum CommandOutput {
    /// Writes `text`, then `terminator`.
    static func print(_ text: String, terminator: String = "\n") throws {
        try write(Data((text + terminator).utf8))
    }

    /// Writes `data` whole.
    static func write(_ data: Data) throws {
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            guard let start = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(STDOUT_FILENO, start + offset, bytes.count - offset)
                if written >= 0 {
                    offset += written
                    continue
                }
                switch errno {
                case EINTR:
                    continue
                case EAGAIN:
                    // Standard output inherited in non-blocking mode: wait until it takes more.
                    var ready = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                case EPIPE:
                    endAsTheReaderWent()
                default:
                    throw CommandFailure("cannot write to standard output: \(String(cString: strerror(errno)))")
                }
            }
        }
    }

    /// Dies of SIGPIPE, as a program that never touched the signal would.
    private static func endAsTheReaderWent() -> Never {
        signal(SIGPIPE, SIG_DFL)
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_UNBLOCK, &pipeSignal, nil)
        raise(SIGPIPE)
        _exit(128 + SIGPIPE)
    }
}
