import Foundation
import Testing

@testable import PropertyMapper

@Suite
struct UTF8BytesTests {
    @Test
    func aStringsBytesAreItsUTF8InOrder() {
        for text in ["", "a", "héllo", "🎉 party", String(repeating: "x", count: 100)] {
            #expect(UTF8Bytes.of(text) { Array($0) } == Array(text.utf8))
            #expect(UTF8Bytes.of(text) { $0.string } == text)
        }
        #expect(UTF8Bytes.of(Data("día".utf8)) { Array($0) } == Array("día".utf8))
        #expect(UTF8Bytes.of(Data()) { $0.isEmpty })
    }

    @Test
    func aBridgedStringIsReadToo() {
        let bridged = NSString(string: "bridged ✓") as String
        #expect(UTF8Bytes.of(bridged) { $0.string } == "bridged ✓")
    }

    @Test
    func aRebasedViewIsIndexedFromZero() {
        UTF8Bytes.of("0123456789") { bytes in
            let middle = bytes.rebased(3..<7)
            #expect(middle.count == 4)
            #expect(middle[0] == UInt8(ascii: "3"))
            #expect(middle.string == "3456")
            var array: [UInt8] = [1]
            middle.append(to: &array)
            #expect(array == [1] + Array("3456".utf8))
        }
    }

    @Test
    func aWordIsEightBytesLittleEndian() {
        UTF8Bytes.of("\u{1}\u{2}\u{3}\u{4}\u{5}\u{6}\u{7}\u{8}\u{9}") { bytes in
            #expect(bytes.word(at: 0) == 0x0807_0605_0403_0201)
            #expect(bytes.word(at: 1) == 0x0908_0706_0504_0302)
        }
    }

    @Test
    func equalityByWordsAgreesWithElementwiseEquality() {
        let texts = (0..<20).map { String(repeating: "k", count: $0) } + ["kkkkkkkkkkkz", "zkkkkkkkkkkk", "kkkkkkkkkkkk"]
        for a in texts {
            for b in texts {
                let equal = UTF8Bytes.of(a) { a in UTF8Bytes.of(b) { b in a.elementsEqualByWords(b) } }
                #expect(equal == (a == b), "\(a) vs \(b)")
            }
        }
    }

    @Test
    func anOutputStringHoldsWhatWasWrittenAndCounted() {
        let text = UTF8Output.string(capacity: 8) { output in
            #expect(output.count >= 8)
            for (index, byte) in "2026".utf8.enumerated() { output[index] = byte }
            return 4
        }
        #expect(text == "2026")
    }

    @Test
    func aTemporaryOutputAppendsOnlyTheRangeAskedFor() {
        var array: [UInt8] = []
        UTF8Output.withTemporary(capacity: 6) { output in
            for index in 0..<6 { output[index] = UInt8(ascii: "a") + UInt8(index) }
            let inner = output.rebased(2..<5)
            #expect(inner.count == 3 && inner[0] == UInt8(ascii: "c"))
            inner[0] = UInt8(ascii: "X")
            output.append(1..<4, to: &array)
        }
        #expect(String(decoding: array, as: UTF8.self) == "bXd")
    }
}
