#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Instants of true new moon (Meeus, *Astronomical Algorithms*, ch. 49), with every periodic term and
/// all fourteen planetary-argument corrections. Meeus gives a mean error of 3.7 s and a maximum of
/// 17.4 s against ELP-2000/82 (1980–2020).
enum NewMoon {
    /// The JDE (TT) of the new moon of lunation `k`; k = 0 is the new moon of 2000-01-06.
    static func jde(lunation k: Int) -> Double {
        let k = Double(k)
        let t = k / 1236.85
        let t2 = t * t
        var jde =
            2_451_550.097_66 + 29.530_588_861 * k
            + t2 * (0.000_154_37 + t * (-0.000_000_150 + t * 0.000_000_000_73))

        let e = 1 - t * (0.002_516 + t * 0.000_007_4)
        let m = radians(2.553_4 + 29.105_356_70 * k + t2 * (-0.000_001_4 - t * 0.000_000_11))
        let mp = radians(
            201.564_3 + 385.816_935_28 * k + t2 * (0.010_758_2 + t * (0.000_012_38 - t * 0.000_000_058)))
        let f = radians(160.710_8 + 390.670_502_84 * k + t2 * (-0.001_611_8 + t * (-0.000_002_27 + t * 0.000_000_011)))
        let omega = radians(124.774_6 - 1.563_755_88 * k + t2 * (0.002_067_2 + t * 0.000_002_15))

        var c = -0.407_20 * sin(mp)
        c += 0.172_41 * e * sin(m)
        c += 0.016_08 * sin(2 * mp)
        c += 0.010_39 * sin(2 * f)
        c += 0.007_39 * e * sin(mp - m)
        c -= 0.005_14 * e * sin(mp + m)
        c += 0.002_08 * e * e * sin(2 * m)
        c -= 0.001_11 * sin(mp - 2 * f)
        c -= 0.000_57 * sin(mp + 2 * f)
        c += 0.000_56 * e * sin(2 * mp + m)
        c -= 0.000_42 * sin(3 * mp)
        c += 0.000_42 * e * sin(m + 2 * f)
        c += 0.000_38 * e * sin(m - 2 * f)
        c -= 0.000_24 * e * sin(2 * mp - m)
        c -= 0.000_17 * sin(omega)
        c -= 0.000_07 * sin(mp + 2 * m)
        c += 0.000_04 * sin(2 * mp - 2 * f)
        c += 0.000_04 * sin(3 * m)
        c += 0.000_03 * sin(mp + m - 2 * f)
        c += 0.000_03 * sin(2 * mp + 2 * f)
        c -= 0.000_03 * sin(mp + m + 2 * f)
        c += 0.000_03 * sin(mp - m + 2 * f)
        c -= 0.000_02 * sin(mp - m - 2 * f)
        c -= 0.000_02 * sin(3 * mp + m)
        c += 0.000_02 * sin(4 * mp)
        jde += c

        for argument in planetaryArguments {
            let angle = radians(argument.base + argument.perLunation * k + argument.perCenturySquared * t2)
            jde += argument.coefficient * sin(angle)
        }
        return jde
    }

    /// New moons that fall within a minute of a UTC+7 midnight in 1900–2053, where this series'
    /// error (up to about 8 s against JPL DE421 in 1900–2050) could pick the wrong civil day. Their
    /// instants from the JPL DE421 ephemeris (computed with Skyfield, UT1 Julian Days) decide instead.
    /// Later near-midnight new moons (2054-05-08, 2077-11-15, 2085-10-18) are decided by ΔT, whose
    /// prediction is uncertain by minutes, more than by the lunar theory; no ephemeris settles them.
    static let referenceInstantsUT: [Int: Double] = [
        // 1944-06-20 23:59:32.9 UTC+7, 27 s before midnight: the month starts on 20 June (the
        // series agrees, at −25 s; simplified algorithms with a cruder ΔT or fewer terms do not).
        -687: 2_431_262.208_019_8,
        // 1967-07-08 00:00:04.1 UTC+7, 4 s after midnight: the month starts on 8 July. Chapter 49
        // alone puts this new moon 2 s before midnight, on 7 July.
        -402: 2_439_679.208_380_9,
    ]

    /// The UTC+7 civil day of the new moon of lunation `k`.
    static func civilDay(lunation k: Int) -> Int {
        if let ut = referenceInstantsUT[k] { return CivilTime.dayNumber(containingUT: ut) }
        return CivilTime.dayNumber(containing: jde(lunation: k))
    }

    /// The lunation whose new moon is nearest a decimal year (Meeus eq. 49.2), for choosing k.
    static func lunation(nearDecimalYear year: Double) -> Int {
        Int(((year - 2000) * 12.3685).rounded())
    }

    private struct PlanetaryArgument {
        let base: Double
        let perLunation: Double
        let perCenturySquared: Double
        let coefficient: Double
    }

    /// A1…A14 and their coefficients (Meeus p. 351–352).
    private static let planetaryArguments: [PlanetaryArgument] = [
        PlanetaryArgument(base: 299.77, perLunation: 0.107_408, perCenturySquared: -0.009_173, coefficient: 0.000_325),
        PlanetaryArgument(base: 251.88, perLunation: 0.016_321, perCenturySquared: 0, coefficient: 0.000_165),
        PlanetaryArgument(base: 251.83, perLunation: 26.651_886, perCenturySquared: 0, coefficient: 0.000_164),
        PlanetaryArgument(base: 349.42, perLunation: 36.412_478, perCenturySquared: 0, coefficient: 0.000_126),
        PlanetaryArgument(base: 84.66, perLunation: 18.206_239, perCenturySquared: 0, coefficient: 0.000_110),
        PlanetaryArgument(base: 141.74, perLunation: 53.303_771, perCenturySquared: 0, coefficient: 0.000_062),
        PlanetaryArgument(base: 207.14, perLunation: 2.453_732, perCenturySquared: 0, coefficient: 0.000_060),
        PlanetaryArgument(base: 154.84, perLunation: 7.306_860, perCenturySquared: 0, coefficient: 0.000_056),
        PlanetaryArgument(base: 34.52, perLunation: 27.261_239, perCenturySquared: 0, coefficient: 0.000_047),
        PlanetaryArgument(base: 207.19, perLunation: 0.121_824, perCenturySquared: 0, coefficient: 0.000_042),
        PlanetaryArgument(base: 291.34, perLunation: 1.844_379, perCenturySquared: 0, coefficient: 0.000_040),
        PlanetaryArgument(base: 161.72, perLunation: 24.198_154, perCenturySquared: 0, coefficient: 0.000_037),
        PlanetaryArgument(base: 239.56, perLunation: 25.513_099, perCenturySquared: 0, coefficient: 0.000_035),
        PlanetaryArgument(base: 331.55, perLunation: 3.592_518, perCenturySquared: 0, coefficient: 0.000_023),
    ]
}
