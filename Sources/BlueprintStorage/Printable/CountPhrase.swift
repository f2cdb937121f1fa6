/// A count with its noun, as a printed page says it: "1 item", "3 clashes".
enum CountPhrase {
    static func of(_ count: Int, _ noun: String) -> String {
        "\(count) " + (count == 1 ? noun : noun + (noun.hasSuffix("sh") ? "es" : "s"))
    }
}
