/// The version of blueprint: the one place it is written. `blueprint --version`, the `?` help,
/// the man page, `blueprint doctor` and the first line each process logs all show it.
public enum BlueprintVersion {
    /// The release number, as in `CHANGELOG.md` (`MAJOR.MINOR.PATCH`).
    public static let number = "0.1.0"

    /// How the program names itself: `blueprint 0.1.0`.
    public static let banner = "blueprint \(number)"
}
