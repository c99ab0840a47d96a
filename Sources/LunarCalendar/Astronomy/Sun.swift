#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Sun's apparent geocentric ecliptic longitude (Meeus, *Astronomical Algorithms*, ch. 25 "higher
/// accuracy" and ch. 32): VSOP87D Earth, FK5 correction, IAU 1980 nutation in longitude and annual
/// aberration. Accurate to about 0.1″ over 1900–2100, i.e. a few seconds of time for a solar term.
enum Sun {
    /// Apparent longitude in degrees, in `0..<360`, at a Julian Ephemeris Day (TT).
    static func apparentLongitude(jde: Double) -> Double {
        let tau = (jde - 2_451_545) / 365_250
        let heliocentric = series(VSOP87Earth.longitude, tau)  // radians
        let radius = series(VSOP87Earth.radius, tau)  // AU
        var lambda = (heliocentric * 180 / .pi) + 180
        lambda += -0.09033 / 3600  // conversion of VSOP87 to the FK5 system
        lambda += nutationInLongitude(julianCenturies: tau * 10) / 3600
        lambda += -20.4898 / 3600 / radius  // annual aberration
        return normalized(lambda)
    }

    /// The instant (JDE, TT) near `estimate` when the apparent longitude equals `longitude` degrees.
    /// The month table does not need it (comparing longitudes at month boundaries is equivalent and
    /// cheaper); it exists to check term instants against published ones.
    ///
    /// Newton-style iteration on the mean motion (360° per 365.2422 days), which converges to well
    /// under a second in three or four steps because the true motion differs from the mean by < 4 %.
    static func instant(ofLongitude longitude: Double, near estimate: Double) -> Double {
        var jde = estimate
        for _ in 0..<12 {
            var delta = normalized(longitude - apparentLongitude(jde: jde))
            if delta >= 180 { delta -= 360 }
            let step = delta * 365.242_2 / 360
            jde += step
            if abs(step) < 1e-7 { break }
        }
        return jde
    }

    /// Nutation in longitude Δψ in arcseconds (IAU 1980, Meeus table 22.A).
    static func nutationInLongitude(julianCenturies t: Double) -> Double {
        let d = radians(297.850_36 + t * (445_267.111_480 + t * (-0.001_914_2 + t / 189_474)))
        let m = radians(357.527_72 + t * (35_999.050_340 + t * (-0.000_160_3 - t / 300_000)))
        let mPrime = radians(134.962_98 + t * (477_198.867_398 + t * (0.008_697_2 + t / 56_250)))
        let f = radians(93.271_91 + t * (483_202.017_538 + t * (-0.003_682_5 + t / 327_270)))
        let omega = radians(125.044_52 + t * (-1_934.136_261 + t * (0.002_070_8 + t / 450_000)))
        var sum = 0.0
        for term in NutationTable.terms {
            let argument = term.d * d + term.m * m + term.mPrime * mPrime + term.f * f + term.omega * omega
            sum += (term.sine + term.sinePerCentury * t) * sin(argument)
        }
        return sum / 10_000
    }

    private static func series(_ table: [[VSOP87Earth.Term]], _ tau: Double) -> Double {
        var total = 0.0
        var power = 1.0
        for terms in table {
            var sum = 0.0
            for term in terms {
                sum += term.amplitude * cos(term.phase + term.frequency * tau)
            }
            total += sum * power
            power *= tau
        }
        return total * 1e-8
    }
}

/// Degrees to radians.
func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

/// An angle in degrees reduced to `0..<360`.
func normalized(_ degrees: Double) -> Double {
    let r = degrees.truncatingRemainder(dividingBy: 360)
    return r < 0 ? r + 360 : r
}
