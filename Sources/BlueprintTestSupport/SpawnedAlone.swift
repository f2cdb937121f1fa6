import Glibc

/// Spawning a child that keeps nothing of the test process but its standard descriptors.
///
/// Tests spawn at the same time on several threads, and a long-lived child (a PostgreSQL server,
/// a tmux server) that inherits another test's pipe holds its write end open for good: the
/// reader of that pipe then never sees its end. glibc's
/// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later) closes them all in the child;
/// Swift's Glibc module does not declare it (a GNU extension), so it is looked up by name.
public enum SpawnedAlone {
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    private static let addCloseFrom: AddCloseFrom? = dlsym(UnsafeMutableRawPointer(bitPattern: 0),
                                                           "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: AddCloseFrom.self) }

    /// Adds to `actions` the closing of every descriptor above standard error, as the last action
    /// (after the standard descriptors are set up).
    public static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        _ = addCloseFrom?(&actions, STDERR_FILENO + 1)
    }
}
