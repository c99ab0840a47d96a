extension VietnameseLunarCalendar {
    /// The ten heavenly stems (can) in Vietnamese.
    public static let stems = ["Giáp", "Ất", "Bính", "Đinh", "Mậu", "Kỷ", "Canh", "Tân", "Nhâm", "Quý"]
    /// The twelve earthly branches (chi) in Vietnamese: Mão (cat), not Thỏ.
    public static let branches = ["Tý", "Sửu", "Dần", "Mão", "Thìn", "Tỵ", "Ngọ", "Mùi", "Thân", "Dậu", "Tuất", "Hợi"]

    /// The Can Chi name of a lunar year: 2026 → "Bính Ngọ", 1984 → "Giáp Tý".
    public static func yearName(_ lunarYear: Int) -> String {
        // 1984 was Giáp Tý, the start of a sixty-year cycle; 1984 + 6 ≡ 0 (mod 10), 1984 + 8 ≡ 0 (mod 12).
        let stem = ((lunarYear + 6) % 10 + 10) % 10
        let branch = ((lunarYear + 8) % 12 + 12) % 12
        return "\(stems[stem]) \(branches[branch])"
    }
}
