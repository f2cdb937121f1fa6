/// Items in a sentence, the one way everywhere: "Ana", "Ana and Ben", "Ana, Ben and Cy".
public enum ListPhrase {
    public static func joined(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
