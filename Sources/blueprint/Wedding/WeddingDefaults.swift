import BlueprintDomain

/// What a new wedding gets when the person creating it does not say (`wedding create`, the
/// first-run form). The one place to change them; the configuration file's defaults replace
/// these once it is wired in.
enum WeddingDefaults {
    /// Locale-independent on purpose: the same command makes the same wedding on any server.
    static let currency = Currency.usd
}
