import BlueprintWeb
import Foundation

/// The RSVP directory `serve` answers from: the repositories of the weddings `data` opened
/// (the data directory or the database), in this machine's locale and time zone (a wedding
/// keeps neither).
func makeRSVPDirectory(data: WeddingData) -> any RSVPDirectory {
    RepositoryRSVPDirectory(repositories: data.repositories, localeIdentifier: Locale.current.identifier,
                            timeZoneIdentifier: TimeZone.current.identifier)
}
