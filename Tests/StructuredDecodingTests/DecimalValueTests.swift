import Testing
@testable import StructuredDecoding

/// `DecimalValue` reads schema number text exactly.
@Suite("DecimalValue") struct DecimalValueTests {
    @Test(arguments: [
        ("0", "0"), ("-0.0", "0"), ("1.50", "1.5e0"), ("-1.25e2", "-1.25e2"), ("0.001", "1e-3"),
        ("1e-06", "1e-6"), ("120", "1.2e2"), ("12.5E+1", "1.25e2"), ("1e5000", "1e5000"), ("00.5e0", "5e-1"),
    ] as [(String, String)])
    func readsLiterals(text: String, normalized: String) throws {
        let value = try #require(DecimalValue(literal: text))
        #expect(value.description == normalized)
    }

    @Test func rejectsNonNumbers() {
        for text in ["", "-", "1.", ".5", "1e", "1e+", "1.2.3", "1a", "0x1", "+-1", "1..2"] {
            #expect(DecimalValue(literal: text) == nil, "\(text)")
        }
    }

    @Test func comparesExactly() throws {
        func value(_ text: String) throws -> DecimalValue { try #require(DecimalValue(literal: text)) }
        #expect(try value("0.1").compare(value("0.10000000000000001")) == -1)
        #expect(try value("1.50").compare(value("15e-1")) == 0)
        #expect(try value("-2").compare(value("-10")) == 1)
        #expect(try value("-0").compare(value("0")) == 0)
        #expect(try value("1e-300").compare(value("0")) == 1)
        #expect(try value("-1e300").compare(value("-1e299")) == -1)
    }

    @Test func roundsToIntegers() throws {
        func value(_ text: String) throws -> DecimalValue { try #require(DecimalValue(literal: text)) }
        #expect(try value("2.5").rounded(.up) == 3)
        #expect(try value("2.5").rounded(.down) == 2)
        #expect(try value("-2.5").rounded(.up) == -2)
        #expect(try value("-2.5").rounded(.down) == -3)
        #expect(try value("-0.5").rounded(.up) == 0)
        #expect(try value("7e0").rounded(.up) == 7)
        #expect(try value("3.0000000000000000001").rounded(.up) == 4)
        #expect(try value("-9223372036854775808").rounded(.down) == Int64.min)
        #expect(try value("9223372036854775808").rounded(.down) == nil)
        #expect(try value("1e30").rounded(.up) == nil)
    }

    @Test func scalesSteps() throws {
        func value(_ text: String) throws -> DecimalValue { try #require(DecimalValue(literal: text)) }
        #expect(try value("2.5").scaledInteger(limit: 100).map { [$0.m, $0.k] } == [25, 1])
        #expect(try value("0.50").scaledInteger(limit: 100).map { [$0.m, $0.k] } == [5, 1])
        #expect(try value("300").scaledInteger(limit: 1000).map { [$0.m, $0.k] } == [300, 0])
        #expect(try value("1e-8").scaledInteger(limit: 100).map { [$0.m, $0.k] } == [1, 8])
        #expect(try value("300").scaledInteger(limit: 100) == nil)
        #expect(try value("-2").scaledInteger(limit: 100) == nil)
    }
}
