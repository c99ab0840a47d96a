/// One month of a lunar year: its number, whether it is the leap copy, its first day and length.
public struct LunarMonth: Hashable, Sendable {
    public var number: Int
    public var isLeap: Bool
    /// The Gregorian day of the new moon that begins it (day 1).
    public var firstDay: SolarDate
    /// 29 or 30.
    public var length: Int

    public init(number: Int, isLeap: Bool, firstDay: SolarDate, length: Int) {
        self.number = number
        self.isLeap = isLeap
        self.firstDay = firstDay
        self.length = length
    }

    /// The Gregorian day of lunar day `day` of this month (no range check).
    public func solarDate(ofDay day: Int) -> SolarDate { firstDay.adding(days: day - 1) }
}
