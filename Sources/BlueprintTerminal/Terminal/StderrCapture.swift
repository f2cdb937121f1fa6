import Glibc

/// What the program writes to standard error while the terminal shows the full-screen
/// interface (a log line, the runtime's "Fatal error: …" before a crash) would scribble over the
/// screen and vanish with it. It is kept in an unlinked temporary file instead and copied to the
/// real standard error once the terminal is restored, even after a crash.
struct StderrCapture: Sendable {
    private let captureDescriptor: Int32
    private let originalDescriptor: Int32

    /// Starts capturing; nil (standard error left alone) if no temporary file can be made.
    static func begin(temporaryDirectory: String) -> StderrCapture? {
        var template = Array("\(temporaryDirectory)/blueprint-stderr-XXXXXX".utf8CString)
        let capture = mkstemp(&template)
        guard capture >= 0 else { return nil }
        unlink(template)
        _ = fcntl(capture, F_SETFD, FD_CLOEXEC)
        let original = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0)
        guard original >= 0, dup2(capture, STDERR_FILENO) >= 0 else {
            close(capture)
            if original >= 0 { close(original) }
            return nil
        }
        return StderrCapture(captureDescriptor: capture, originalDescriptor: original)
    }

    /// Puts the real standard error back and copies what was captured to it. Uses only
    /// async-signal-safe calls and the caller's `buffer`, so the crash handler can call it.
    func end(using buffer: UnsafeMutableRawBufferPointer) {
        _ = dup2(originalDescriptor, STDERR_FILENO)
        _ = lseek(captureDescriptor, 0, SEEK_SET)
        while true {
            let count = read(captureDescriptor, buffer.baseAddress, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var written = 0
            while written < count {
                let result = write(STDERR_FILENO, buffer.baseAddress! + written, count - written)
                if result < 0 && errno == EINTR { continue }
                guard result > 0 else { return }
                written += result
            }
        }
    }
}
