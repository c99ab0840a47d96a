import RoastCore

/// Character-trigram Jaccard similarity of normalized texts: how the library tests spot roasts that
/// are the same joke reworded.
enum TextSimilarity {
    /// The sorted, distinct trigrams of `TextNormalization.matchKey(text)`, each packed into 63 bits.
    static func trigrams(_ text: String) -> [UInt64] {
        let scalars = TextNormalization.matchKey(text).unicodeScalars.map { UInt64($0.value) }
        guard scalars.count >= 3 else { return scalars.isEmpty ? [] : [scalars.reduce(0) { $0 << 21 | $1 }] }
        var grams = Set<UInt64>()
        for index in 0...(scalars.count - 3) {
            grams.insert(scalars[index] << 42 | scalars[index + 1] << 21 | scalars[index + 2])
        }
        return grams.sorted()
    }

    /// |A ∩ B| / |A ∪ B| for two outputs of `trigrams(_:)`; 0 when both are empty.
    static func jaccard(_ lhs: [UInt64], _ rhs: [UInt64]) -> Double {
        var shared = 0
        var left = 0
        var right = 0
        while left < lhs.count, right < rhs.count {
            if lhs[left] == rhs[right] {
                shared += 1
                left += 1
                right += 1
            } else if lhs[left] < rhs[right] {
                left += 1
            } else {
                right += 1
            }
        }
        let union = lhs.count + rhs.count - shared
        return union == 0 ? 0 : Double(shared) / Double(union)
    }

    static func jaccard(_ lhs: String, _ rhs: String) -> Double {
        jaccard(trigrams(lhs), trigrams(rhs))
    }
}
