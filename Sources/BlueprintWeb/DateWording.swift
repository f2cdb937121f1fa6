import BlueprintDomain
import Foundation

/// Dates and times in the wedding's language ("samedi 12 juin 2027", "16:00").
struct DateWording: Sendable {
    let locale: Locale

    init(localeIdentifier: String) { locale = Locale(identifier: localeIdentifier) }

    /// The `lang` attribute of the page: the locale as a BCP 47 tag (`es-ES`).
    var languageTag: String { locale.identifier(.bcp47) }

    /// The date spelled out with its weekday.
    func date(_ date: CalendarDate) -> String {
        noon(of: date).formatted(Date.FormatStyle(date: .complete, time: .omitted, locale: locale, timeZone: .gmt))
    }

    /// The time as the locale writes a time of day.
    func time(_ time: TimeOfDay) -> String {
        let instant = Date(timeIntervalSince1970: Double(time.minutes % 1440) * 60)
        return instant.formatted(Date.FormatStyle(date: .omitted, time: .shortened, locale: locale, timeZone: .gmt))
    }

    /// An instant as a date and time in `timeZone`.
    func instant(_ timestamp: Timestamp, in timeZone: TimeZone) -> String {
        timestamp.date.formatted(Date.FormatStyle(date: .long, time: .shortened, locale: locale, timeZone: timeZone))
    }

    private func noon(of date: CalendarDate) -> Date {
        Date(timeIntervalSince1970: Double(date.daysSince1970) * 86_400 + 43_200)
    }
}
