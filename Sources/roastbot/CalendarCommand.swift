import ArgumentParser
import Foundation
import LunarCalendar

/// `roastbot calendar`: the Vietnamese lunar calendar for operators — festival dates per lunar year
/// and lunar dates for Gregorian days read from standard input. Formatting lives in `LunarCalendar`;
/// this command only reads arguments and input and writes output.
struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Vietnamese lunar calendar (UTC+7): Tết, Mid-Autumn, leap months, lunar dates.",
        subcommands: [Festivals.self, Lunar.self]
    )
}

extension CalendarCommand {
    /// How results are printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table
        case csv
    }

    /// `roastbot calendar festivals --from 1900 --to 2100 --format csv`.
    struct Festivals: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print Tết, Mid-Autumn and the leap month of each lunar year.",
            discussion: "CSV columns: year,tet,mid_autumn,leap_month (leap_month 0 when the year has none)."
        )

        @Option(help: "First lunar year (1900…2100; default: --to, else the current year at UTC+7).")
        var from: Int?

        @Option(help: "Last lunar year (1900…2100; default: --from).")
        var to: Int?

        @Option(help: "Output format: table or csv.")
        var format: Format = .table

        func validate() throws {
            let years = VietnameseLunarCalendar.supportedLunarYears
            for (name, year) in [("--from", from), ("--to", to)] {
                if let year, !years.contains(year) {
                    throw ValidationError("\(name) \(year) is outside \(years.lowerBound)…\(years.upperBound).")
                }
            }
            if let from, let to, from > to {
                throw ValidationError("--from \(from) is after --to \(to).")
            }
        }

        func run() throws {
            let first = from ?? to ?? currentYearInVietnam()
            let last = to ?? first
            guard first <= last else { throw ValidationError("--from \(first) is after --to \(last).") }
            do {
                switch format {
                case .csv: print(try FestivalTable.csv(fromYear: first, toYear: last), terminator: "")
                case .table: print(try FestivalTable.table(fromYear: first, toYear: last), terminator: "")
                }
            } catch {
                throw ValidationError("lunar years \(first)…\(last): \(error)")
            }
        }

        /// The Gregorian year at UTC+7 now: the sensible default for an operator in Vietnam.
        private func currentYearInVietnam() -> Int {
            let seconds = Date().timeIntervalSince1970 + 7 * 3600
            return SolarDate(dayNumber: Int((seconds / 86_400).rounded(.down))).year
        }
    }

    /// `roastbot calendar lunar --format csv < dates.txt`.
    struct Lunar: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Convert ISO dates read from standard input (one per line) to lunar dates.",
            discussion: """
                Blank lines are skipped; any other line must be YYYY-MM-DD within 1900-01-01…2100-12-31, \
                or the command stops with an error naming the line and exits non-zero.
                CSV columns: date,lunar_day,lunar_month,lunar_year,leap (leap is 1 in a leap month).
                """
        )

        @Option(help: "Output format: table or csv.")
        var format: Format = .table

        func run() throws {
            print(format == .csv ? LunarDateListing.csvHeader : LunarDateListing.tableHeader)
            var lineNumber = 0
            while let line = readLine(strippingNewline: true) {
                lineNumber += 1
                do {
                    guard let date = try LunarDateListing.date(fromLine: line) else { continue }
                    print(
                        format == .csv
                            ? try LunarDateListing.csvLine(for: date) : try LunarDateListing.tableLine(for: date))
                } catch {
                    let shown = line.trimmingCharacters(in: .whitespacesAndNewlines)
                    FileHandle.standardError.write(Data("error: line \(lineNumber) \"\(shown)\": \(error)\n".utf8))
                    throw ExitCode(1)
                }
            }
        }
    }
}
