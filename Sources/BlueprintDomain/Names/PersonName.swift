/// A whole name, as one spreadsheet cell holds it, split into first and last name the way
/// people write names: the last name is the last word with the particles before it ("van
/// Beethoven", "de la Cruz") and the suffixes after it ("Twain Jr.", "King III", "Okafor PhD");
/// "Twain, Mark" puts the last name first. Particles and suffixes are matched ignoring case and
/// full stops; a particle is never the first word ("Van Morrison" is Van, Morrison).
public struct PersonName: Hashable, Sendable {
    public let first: String
    public let last: String

    /// Words that end a name without being its last name.
    static let suffixes: Set<String> = ["jr", "sr", "ii", "iii", "iv", "v", "vi", "phd", "md", "dds", "esq", "cpa", "mba", "rn",
                                        "dvm", "jd", "obe", "mbe", "kc", "qc"]
    /// Words that belong to the last name that follows them.
    static let particles: Set<String> = ["van", "von", "der", "den", "de", "del", "della", "di", "da", "la", "le", "du", "dos",
                                         "das", "do", "bin", "ibn", "al", "el", "ter", "ten", "st", "mac", "af", "zu"]

    /// Splits `whole`; one word is a first name alone.
    public init(splitting whole: String) {
        let commaParts = whole.split(separator: ",", omittingEmptySubsequences: true).map { $0.split(whereSeparator: \.isWhitespace) }
        if commaParts.count == 2, !commaParts[1].isEmpty, !commaParts[1].allSatisfy(Self.isSuffix) {
            // "Twain, Mark" (and "Twain Jr., Mark"): the last name first.
            self.init(first: commaParts[1].joined(separator: " "), last: commaParts[0].joined(separator: " "))
            return
        }
        // A comma before a suffix ("Mark Twain, Jr.") is left out.
        let words = commaParts.flatMap { $0 }
        var end = words.count
        while end > 1, Self.isSuffix(words[end - 1]) { end -= 1 }
        guard end > 1 else {
            self.init(first: words.joined(separator: " "), last: "")
            return
        }
        var start = end - 1
        while start > 1, Self.isParticle(words[start - 1]) { start -= 1 }
        let suffix = words[end...].map(String.init)
        let last = words[start..<end].map(String.init) + (suffix.isEmpty ? [] : suffix)
        self.init(first: words[..<start].joined(separator: " "), last: last.joined(separator: " "))
    }

    public init(first: String, last: String) {
        self.first = first
        self.last = last
    }

    private static func isSuffix(_ word: Substring) -> Bool {
        suffixes.contains(word.lowercased().filter { $0 != "." })
    }

    private static func isParticle(_ word: Substring) -> Bool {
        particles.contains(word.lowercased().filter { $0 != "." })
    }
}
