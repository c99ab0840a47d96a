/// Every lunar month from the month 11 of one solstice year to the month 11 of a later one (the
/// calendar's spans: ``MonthTables``).
///
/// Rules (the Vietnamese calendar, at the UTC+7 meridian):
/// - a month begins on the UTC+7 civil day that contains a true new moon;
/// - month 11 is the month containing the day of the December solstice (solar longitude 270°);
/// - when 13 months lie between two months 11, the first of them after month 11 that contains no
///   major solar term (zhongqi: a multiple of 30°) is the leap month and repeats the previous number.
///
/// A month contains a zhongqi exactly when the Sun's apparent longitude at the UTC+7 midnight that
/// starts the month and at the midnight that starts the next month fall in different 30° sectors, so
/// comparing longitudes at month boundaries decides the rule exactly (to the accuracy of the solar
/// theory, a few seconds), without solving for each term's instant.
struct MonthTable: Sendable {
    struct Label: Hashable, Sendable {
        var year: Int
        var number: Int
        var isLeap: Bool
    }

    /// The UTC+7 day numbers on which each month starts, plus the start of the month after the last.
    let starts: [Int]
    /// The year, number and leap flag of each month: `labels.count == starts.count - 1`.
    let labels: [Label]
    /// Index into `labels` by label.
    let indexByLabel: [Label: Int]

    /// Builds the months from the month 11 of `firstSolsticeYear` up to (excluding) the month 11
    /// of `lastSolsticeYear`.
    init(firstSolsticeYear: Int, lastSolsticeYear: Int) {
        // New moons from October of the first year to March after the last one.
        let firstLunation = NewMoon.lunation(nearDecimalYear: Double(firstSolsticeYear) + 0.75) - 1
        let lastLunation = NewMoon.lunation(nearDecimalYear: Double(lastSolsticeYear) + 1.2) + 1
        let newMoonDays = (firstLunation...lastLunation).map(NewMoon.civilDay(lunation:))
        let longitudes = newMoonDays.map { Sun.apparentLongitude(jde: CivilTime.startOfDay($0)) }

        // Per month (between consecutive new moons): does it contain a zhongqi, the solstice?
        var hasMajorTerm: [Bool] = []
        var monthElevens: [Int] = []
        for i in 0..<(newMoonDays.count - 1) {
            let start = longitudes[i]
            var end = longitudes[i + 1]
            if end < start { end += 360 }
            hasMajorTerm.append((end / 30).rounded(.down) > (start / 30).rounded(.down))
            if start < 270, end >= 270 { monthElevens.append(i) }
        }
        precondition(monthElevens.count == lastSolsticeYear - firstSolsticeYear + 1, "one month 11 per year")

        var labels: [Label] = []
        for (offset, (first, next)) in zip(monthElevens, monthElevens.dropFirst()).enumerated() {
            let year = firstSolsticeYear + offset
            let count = next - first
            precondition(count == 12 || count == 13, "12 or 13 months between two months 11")
            let leapIndex = count == 13 ? ((first + 1)..<next).first { !hasMajorTerm[$0] } : nil
            var number = 11
            var lunarYear = year
            for i in first..<next {
                if i == leapIndex {
                    labels.append(Label(year: lunarYear, number: number, isLeap: true))
                    continue
                }
                if i != first {
                    number = number % 12 + 1
                    if number == 1 { lunarYear = year + 1 }
                }
                labels.append(Label(year: lunarYear, number: number, isLeap: false))
            }
        }
        let firstMonth = monthElevens[0]
        starts = Array(newMoonDays[firstMonth...(firstMonth + labels.count)])
        self.labels = labels
        indexByLabel = Dictionary(uniqueKeysWithValues: labels.enumerated().map { ($1, $0) })
    }

    /// The index of the month containing the UTC+7 day `dayNumber`, or nil outside the table.
    func monthIndex(containing dayNumber: Int) -> Int? {
        guard let first = starts.first, let last = starts.last, dayNumber >= first, dayNumber < last else {
            return nil
        }
        // The last start ≤ dayNumber.
        var low = 0
        var high = starts.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= dayNumber { low = middle } else { high = middle }
        }
        return low
    }

    func month(at index: Int) -> LunarMonth {
        LunarMonth(
            number: labels[index].number, isLeap: labels[index].isLeap,
            firstDay: SolarDate(dayNumber: starts[index]), length: starts[index + 1] - starts[index])
    }
}
