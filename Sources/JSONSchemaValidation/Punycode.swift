import JSONCore
/// RFC 3492 Punycode, for checking `xn--` labels in `hostname` formats.
enum Punycode {
    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700

    private static func adapt(_ delta: Int, _ count: Int, _ first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    /// The Punycode form of `scalars` (without `xn--`), nil on overflow.
    static func encode(_ scalars: [Unicode.Scalar]) -> String? {
        var output = String(String.UnicodeScalarView(scalars.filter(\.isASCII)))
        let basicCount = output.unicodeScalars.count
        var handled = basicCount
        if basicCount > 0 { output += "-" }
        var n = 128, delta = 0, bias = 72
        func digit(_ d: Int) -> Character { Character(Unicode.Scalar(UInt8(d < 26 ? 97 + d : 22 + d))) }
        while handled < scalars.count {
            guard let m = scalars.map({ Int($0.value) }).filter({ $0 >= n }).min() else { return nil }
            let (step, overflow) = (m - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow else { return nil }
            delta += step
            n = m
            for scalar in scalars {
                let value = Int(scalar.value)
                if value < n { delta += 1 }
                if value == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta, handled + 1, handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return output
    }

    /// The Unicode scalars `encoded` (without `xn--`) stands for, or nil when it is not valid Punycode.
    static func decode(_ encoded: String) -> [Unicode.Scalar]? {
        let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700
        var output: [Unicode.Scalar] = []
        var input = Array(encoded.unicodeScalars)[...]
        if let delimiter = input.lastIndex(of: "-") {
            for scalar in input[..<delimiter] {
                guard scalar.isASCII else { return nil }
                output.append(scalar)
            }
            input = input[(delimiter + 1)...]
        }
        var n = 128, i = 0, bias = 72
        var isFirst = true
        while !input.isEmpty {
            let oldI = i
            var w = 1
            var k = base
            while true {
                guard let scalar = input.popFirst() else { return nil }
                let digit: Int
                switch scalar.value {
                case 0x30...0x39: digit = Int(scalar.value) - 22
                case 0x41...0x5A: digit = Int(scalar.value) - 0x41
                case 0x61...0x7A: digit = Int(scalar.value) - 0x61
                default: return nil
                }
                let (product, overflow1) = digit.multipliedReportingOverflow(by: w)
                let (sum, overflow2) = i.addingReportingOverflow(product)
                guard !overflow1, !overflow2, sum < 0x10FFFF * 4096 else { return nil }
                i = sum
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if digit < t { break }
                w *= base - t
                k += base
            }
            // Bias adaptation (RFC 3492 §6.1).
            var delta = isFirst ? (i - oldI) / damp : (i - oldI) / 2
            isFirst = false
            delta += delta / (output.count + 1)
            var divisions = 0
            while delta > ((base - tMin) * tMax) / 2 {
                delta /= base - tMin
                divisions += base
            }
            bias = divisions + (base - tMin + 1) * delta / (delta + skew)
            n += i / (output.count + 1)
            i %= output.count + 1
            guard let scalar = Unicode.Scalar(UInt32(clamping: n)), n >= 128 else { return nil }
            output.insert(scalar, at: i)
            i += 1
        }
        return output
    }
}
