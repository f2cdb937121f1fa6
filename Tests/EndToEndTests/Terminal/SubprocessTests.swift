import Foundation
import Glibc
import Testing

/// The children the tests spawn (a tmux server among them) keep nothing of the test process
/// but their standard descriptors: a long-lived one holding another test's pipe would keep that
/// pipe's reader waiting for its end for good.
@Suite("Spawned children keep no other descriptor")
struct SubprocessTests {
    @Test("a child spawned while this process holds a pipe open does not inherit it")
    func noInheritedPipe() throws {
        var pipe: [Int32] = [-1, -1]
        #expect(Glibc.pipe(&pipe) == 0)
        defer { for end in pipe { close(end) } }
        // `ls` lists its own descriptors: the standard three and the one it reads the folder with.
        let listed = try Subprocess.run(["ls", "/proc/self/fd"])
        #expect(listed.status == 0)
        let descriptors = Set(listed.output.split(separator: "\n").compactMap { Int32($0) })
        #expect(descriptors.isDisjoint(with: pipe), "inherited \(descriptors.intersection(pipe)) of the pipe \(pipe)")
        #expect(descriptors.count == 4, "\(descriptors)")
    }
}
