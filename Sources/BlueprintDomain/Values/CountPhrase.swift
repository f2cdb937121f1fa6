/// A count with its noun, the one rule for every count on screen and on the command line:
/// "0 guests", "1 guest", "2 guests"; "1 category", "3 categories"; "1 clash", "2 clashes".
public enum CountPhrase {
    /// Nouns whose plural is not made by the rules below.
    private static let irregular: [String: String] = ["person": "people", "child": "children", "is": "are", "was": "were",
                                                      "has": "have"]

    /// `count` and `noun` (singular), in the plural unless `count` is 1.
    public static func of(_ count: Int, _ noun: String) -> String {
        "\(count) " + Self.noun(noun, for: count)
    }

    /// `noun` (singular) as it follows `count`, for a count drawn apart from its noun
    /// ("1" then "table", "2" then "tables").
    public static func noun(_ noun: String, for count: Int) -> String {
        count == 1 ? noun : plural(noun)
    }

    /// "2 guests", or "1 of 2 guests" when only `shown` of `total` are in view: the noun
    /// follows the total.
    public static func of(_ shown: Int, of total: Int, _ noun: String) -> String {
        shown == total ? of(total, noun) : "\(shown) of " + of(total, noun)
    }

    /// The plural of a singular English noun, or of a phrase by its last word ("run-sheet item").
    public static func plural(_ noun: String) -> String {
        guard let last = noun.split(separator: " ").last.map(String.init) else { return noun }
        let stem = noun.dropLast(last.count)
        if let known = irregular[last] { return stem + known }
        let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
        if last.hasSuffix("y"), let before = last.dropLast().last, !vowels.contains(before) {
            return stem + last.dropLast() + "ies"
        }
        if ["s", "x", "z", "ch", "sh"].contains(where: last.hasSuffix) { return stem + last + "es" }
        return noun + "s"
    }
}
