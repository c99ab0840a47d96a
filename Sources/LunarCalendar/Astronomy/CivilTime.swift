/// Conversions between ephemeris instants (JDE, TT) and civil days at the UTC+7 meridian.
enum CivilTime {
    /// The UTC offset of Vietnamese civil time, in days.
    static let utcOffset = 7.0 / 24
    /// The Julian Day of 1970-01-01 00:00 UT (day number 0).
    static let unixEpochJulianDay = 2_440_587.5

    /// The UTC+7 day number (days since 1970-01-01) that contains the instant `jde` (TT).
    static func dayNumber(containing jde: Double) -> Int {
        dayNumber(containingUT: jde - DeltaT.days(atJulianDay: jde))
    }

    /// The UTC+7 day number that contains the instant `ut` (a Julian Day in UT).
    static func dayNumber(containingUT ut: Double) -> Int {
        Int((ut + utcOffset - unixEpochJulianDay).rounded(.down))
    }

    /// The instant (JDE, TT) at which the UTC+7 day `dayNumber` begins.
    static func startOfDay(_ dayNumber: Int) -> Double {
        let ut = unixEpochJulianDay + Double(dayNumber) - utcOffset
        return ut + DeltaT.days(atJulianDay: ut)
    }

    /// How far `jde` lies from the nearest UTC+7 midnight, in seconds (positive: after midnight).
    static func secondsFromNearestMidnight(_ jde: Double) -> Double {
        let local = jde - DeltaT.days(atJulianDay: jde) + utcOffset - unixEpochJulianDay
        return (local - local.rounded()) * 86_400
    }
}
