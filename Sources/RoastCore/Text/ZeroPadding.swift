extension BinaryInteger {
    /// The decimal digits, with leading zeros up to `width` characters, as `%0<width>d` writes them
    /// (`7.zeroPadded(to: 2)` is "07"; a sign counts toward the width). Used for dates and times in
    /// replies and stored text, where `String(format:)` would be a visible share of an event's work.
    public func zeroPadded(to width: Int) -> String {
        let sign = self < 0 ? "-" : ""
        let digits = String(self.magnitude)
        return sign + String(repeating: "0", count: Swift.max(0, width - digits.count - sign.count)) + digits
    }
}
