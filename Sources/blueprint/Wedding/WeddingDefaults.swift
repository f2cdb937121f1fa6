import BlueprintConfiguration
import BlueprintDomain

/// What a new wedding gets when the person creating it does not say (`wedding create`, the
/// first-run form): the one place that decides.
enum WeddingDefaults {
    /// The configuration file's `currency`, else US dollars: locale-independent on purpose, so
    /// the same command makes the same wedding on any server.
    static func currency(_ configuration: Configuration) -> Currency { configuration.currency ?? .usd }

    /// The currency from the configuration file in its usual place (its problems are the
    /// planner's to report; a bad value here just leaves the default).
    static func currency(environment: [String: String]) -> Currency {
        currency(ConfigurationFile.load(path: nil, environment: environment).configuration)
    }
}
