/// A file name as natural order compares it: lowercased UTF-8, where runs of ASCII digits
/// compare as numbers (fewer significant digits first, then digit by digit), and two names the
/// same under that rule (`img2`, `IMG002`) by their own bytes, so the order is total.
struct NaturalKey: Comparable {
    let folded: [UInt8]
    let original: [UInt8]

    init(_ name: String) {
        folded = Array(name.lowercased().utf8)
        original = Array(name.utf8)
    }

    static func == (a: NaturalKey, b: NaturalKey) -> Bool { a.original == b.original }

    static func < (a: NaturalKey, b: NaturalKey) -> Bool {
        let x = a.folded, y = b.folded
        var i = 0, j = 0
        while i < x.count, j < y.count {
            if isDigit(x[i]) && isDigit(y[j]) {
                let m = run(x, i), n = run(y, j)
                let u = x[m.significant..<m.end], v = y[n.significant..<n.end]
                if u.count != v.count { return u.count < v.count }
                if !u.elementsEqual(v) { return u.lexicographicallyPrecedes(v) }
                i = m.end; j = n.end
            } else {
                if x[i] != y[j] { return x[i] < y[j] }
                i += 1; j += 1
            }
        }
        if (i == x.count) != (j == y.count) { return i == x.count }
        return a.original.lexicographicallyPrecedes(b.original)
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    /// The digit run starting at `start`: where its first non-zero digit is and where it ends.
    private static func run(_ s: [UInt8], _ start: Int) -> (significant: Int, end: Int) {
        var end = start
        while end < s.count, isDigit(s[end]) { end += 1 }
        var significant = start
        while significant < end, s[significant] == 0x30 { significant += 1 }
        return (significant, end)
    }
}
