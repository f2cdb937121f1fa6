import BlueprintDomain

/// Dates as spreadsheets store them: a count of days since an epoch, the time of day as the fraction.
enum SerialDate {
    /// The day `serial` stands for, in the 1900 date system (Excel's default) or the 1904 one.
    ///
    /// The 1900 system counts 1900-02-29, a day that never was (Lotus 1-2-3's leap-year bug,
    /// kept by Excel), so serials from 61 on are one day later than a plain count from 1899-12-31.
    static func date(_ serial: Double, uses1904: Bool) -> CalendarDate? {
        guard serial.isFinite, serial >= 0, serial < 2_958_466 else { return nil }
        var days = Int(serial.rounded(.down))
        if uses1904 {
            days += 1462
        } else {
            guard days >= 1, days != 60 else { return nil }
            if days < 60 { days += 1 }
        }
        // Now a plain count of days from 1899-12-30, which is 25,569 days before 1970-01-01.
        let date = CalendarDate(daysSince1970: days - 25_569)
        return date.year <= 9999 ? date : nil
    }
}
