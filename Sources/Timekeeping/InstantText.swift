import Foundation

/// Instants written as RFC 3339 text in UTC (`2026-03-02T03:00:00.123Z`), for logs and operator
/// messages. Written digit by digit from the Unix time: `ISO8601DateFormatter` would load megabytes
/// of ICU data and cost microseconds per line, and a log line must be cheap.
public enum InstantText {
    /// `date` in UTC with `fractionDigits` digits of seconds (0, 3 or 6; truncated, never rounded up).
    public static func utc(_ date: Date, fractionDigits: Int = 0) -> String {
        let interval = date.timeIntervalSince1970
        let whole = interval.rounded(.down)
        var seconds = Int64(whole)
        let days = floorDivide(seconds, 86_400)
        seconds -= days * 86_400
        let (year, month, day) = civil(fromDays: days)
        var text = "\(year)-\(pad(month, 2))-\(pad(day, 2))T\(pad(seconds / 3_600, 2)):\(pad(seconds / 60 % 60, 2)):\(pad(seconds % 60, 2))"
        if fractionDigits > 0 {
            let scale = Int64(pow(10, Double(min(fractionDigits, 9))))
            let fraction = min(Int64((interval - whole) * Double(scale)), scale - 1)
            text += "." + pad(fraction, min(fractionDigits, 9))
        }
        return text + "Z"
    }

    /// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `civil_from_days`).
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : (value - divisor + 1) / divisor
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
