import BlueprintDomain
import BlueprintPostgres
import BlueprintStorage

extension WeddingData {
    /// Where the planner's sessions say who has a wedding open and what they are editing: with a
    /// database, the database (every machine's sessions), falling back to this machine's local
    /// copies when it cannot be reached (`TieredPresenceBoard`, held until `connect(presence:)`);
    /// else the data directory at `root`.
    func presenceBoard(root: String) -> any PresenceBoard {
        if let tier = host as? TieredWeddingHost {
            return TieredPresenceBoard(url: tier.url, localRoot: tier.copy.root, held: true)
        }
        return FilePresenceBoard(root: root)
    }
}
