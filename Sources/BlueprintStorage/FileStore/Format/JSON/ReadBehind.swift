/// Tells whoever holds a text (a `MappedFile`) which of its bytes a forward pass has read,
/// a megabyte at a time, so it can give their memory back while the pass goes on.
struct ReadBehind {
    /// Told each range read; `nil`: the text is in ordinary memory and nothing is given back.
    typealias Release = @Sendable (Range<Int>) -> Void

    private let release: Release?
    private var readUpTo: Int
    private static let step = 1 << 20

    /// A pass that starts at byte `start`.
    init(_ release: Release?, from start: Int) {
        self.release = release
        readUpTo = start
    }

    /// The pass has read everything before byte `position`.
    @inline(__always)
    mutating func passed(_ position: Int) {
        guard let release, position - readUpTo >= Self.step else { return }
        release(readUpTo..<position)
        readUpTo = position
    }
}
