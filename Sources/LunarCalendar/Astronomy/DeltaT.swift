/// ΔT = TT − UT, the difference between the uniform time of the ephemerides and the time of the
/// Earth's rotation that civil clocks follow.
///
/// Uses the Espenak–Meeus polynomials (NASA *Five Millennium Canon of Solar Eclipses*, 2006) for
/// 1860–2150. Their error is about a second before 2005 and grows to a few minutes by 2100 because the
/// Earth's future rotation cannot be predicted; that uncertainty is inherent in any calendar for
/// future years and is why near-midnight new moons after the 2030s are reported, not hidden.
enum DeltaT {
    /// ΔT in seconds at a decimal year (e.g. 1944.5).
    static func seconds(atDecimalYear y: Double) -> Double {
        switch y {
        case ..<1900:
            let t = y - 1860
            return 7.62 + t * (0.5737 + t * (-0.251754 + t * (0.01680668 + t * (-0.0004473624 + t / 233_174))))
        case ..<1920:
            let t = y - 1900
            return -2.79 + t * (1.494119 + t * (-0.0598939 + t * (0.0061966 + t * -0.000197)))
        case ..<1941:
            let t = y - 1920
            return 21.20 + t * (0.84493 + t * (-0.076100 + t * 0.0020936))
        case ..<1961:
            let t = y - 1950
            return 29.07 + t * (0.407 + t * (-1.0 / 233 + t / 2547))
        case ..<1986:
            let t = y - 1975
            return 45.45 + t * (1.067 + t * (-1.0 / 260 - t / 718))
        case ..<2005:
            let t = y - 2000
            return 63.86 + t * (0.3345 + t * (-0.060374 + t * (0.0017275 + t * (0.000651814 + t * 0.00002373599))))
        case ..<2050:
            let t = y - 2000
            return 62.92 + t * (0.32217 + t * 0.005589)
        default:
            let u = (y - 1820) / 100
            return -20 + 32 * u * u - 0.5628 * (2150 - y)
        }
    }

    /// ΔT in days at a Julian Ephemeris Day (or a Julian Day: the difference does not matter here).
    static func days(atJulianDay jd: Double) -> Double {
        seconds(atDecimalYear: 2000 + (jd - 2_451_545) / 365.25) / 86_400
    }
}
