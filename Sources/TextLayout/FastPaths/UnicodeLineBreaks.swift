#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CUnibreak

/// UAX #14 line-break opportunities for text beyond ASCII whose characters all fall in the
/// classes ``AsciiLineBreaks`` implements (ASCII's, plus ID, NS, RI, IN, B2, GL and Hangul's):
/// Latin, Greek and Cyrillic letters, CJK ideographs, kana and Hangul, most emoji and flags,
/// their punctuation (dashes, ellipses, no-break spaces) and marks.
///
/// A character's class is libunibreak's own: the table is built once from libunibreak's exported
/// property table (`lb_prop_default`), resolved as libunibreak resolves classes when no language
/// is given (AI, SA, SG and XX as AL, CJ as ID). Regional indicators (flag letters), which
/// libunibreak 1.1 does not know (its pair table stops before RI: it fails an assertion), follow
/// the annex: LB30a `RI × RI`, LB31 elsewhere. A text with a character of any other class
/// (Hebrew letters, zero-width space, word joiner, break-before marks, planes above the
/// second…) is left to libunibreak: ``compute(_:into:)`` returns false.
///
/// Why: libunibreak decodes UTF-8 and binary-searches its property table for every character;
/// here a character costs a table read and a transition.
/// `UnicodeLineBreaksTests` checks the statuses against libunibreak on every pair and triple of
/// characters drawn from every supported class and on random multilingual strings.
enum UnicodeLineBreaks {
    /// Code points below this have an entry in ``classes``; above it a text goes to libunibreak.
    static let limit = 0x20000
    /// ``classes``' value for a character of a class not implemented here.
    static let unsupported: UInt8 = 0xFF

    /// The resolved class (an ``AsciiLineBreaks/Class`` raw value, or ``unsupported``) of every
    /// code point below ``limit``, from libunibreak's table.
    static let classes: [UInt8] = {
        typealias Ours = AsciiLineBreaks.Class
        func ours(_ theirs: LineBreakClass) -> UInt8 {
            let mapped: Ours? = switch theirs {
            case LBP_OP: .op
            case LBP_CL: .cl
            case LBP_CP: .cp
            case LBP_QU: .qu
            case LBP_EX: .ex
            case LBP_SY: .sy
            case LBP_IS: .is
            case LBP_PR: .pr
            case LBP_PO: .po
            case LBP_NU: .nu
            case LBP_AL, LBP_AI, LBP_SA, LBP_SG, LBP_XX: .al
            case LBP_HY: .hy
            case LBP_BA: .ba
            case LBP_CM: .cm
            case LBP_ID, LBP_CJ: .id
            case LBP_NS: .ns
            case LBP_RI: .ri
            case LBP_IN: .in
            case LBP_B2: .b2
            case LBP_GL: .gl
            case LBP_H2: .h2
            case LBP_H3: .h3
            case LBP_JL: .jl
            case LBP_JV: .jv
            case LBP_JT: .jt
            case LBP_SP: .sp
            case LBP_BK: .bk
            case LBP_CR: .cr
            case LBP_LF: .lf
            default: nil
            }
            return mapped?.rawValue ?? unsupported
        }
        // A code point in no range of libunibreak's table is XX, which it resolves to AL.
        var table = [UInt8](repeating: Ours.al.rawValue, count: limit)
        // The array's size is not in the header (Swift cannot import it): look the symbol up; the
        // array ends with an entry of class LBP_Undefined.
        guard let symbol = dlsym(nil, "lb_prop_default") else {
            return [UInt8](repeating: unsupported, count: limit)  // every text to libunibreak
        }
        let entries = symbol.assumingMemoryBound(to: LineBreakProperties.self)
        var index = 0
        while entries[index].prop != LBP_Undefined {
            let entry = entries[index]
            index += 1
            guard Int(entry.start) < limit else { continue }
            let value = ours(entry.prop)
            for code in Int(entry.start)...min(Int(entry.end), limit - 1) { table[code] = value }
        }
        return table
    }()

    /// Classes a character can have (OP through LF).
    private static let classCount = Int(AsciiLineBreaks.Class.lf.rawValue) + 1

    /// ``AsciiLineBreaks/step(state:class:afterSpace:)`` for every state, whether the previous
    /// character was a space, and every class: indexed by `(state · 2 + afterSpace) · classCount
    /// + class`, an entry holds the status in its low two bits and the next index above them.
    private static let transitions: [UInt8] = {
        let sp = AsciiLineBreaks.Class.sp.rawValue, wj = AsciiLineBreaks.Class.wj.rawValue
        var table = [UInt8](repeating: 0, count: (classCount - 1) * 2 * classCount)
        for state in 0..<(classCount - 1) where state != Int(sp) {  // states are classes below LF
            for afterSpace in [false, true] {
                for cls in 0..<classCount where cls != Int(wj) {  // WJ is a state, never a character's class
                    let (status, next) = AsciiLineBreaks.step(state: UInt8(state), class: UInt8(cls),
                                                              afterSpace: afterSpace)
                    let nextIndex = Int(next) << 1 | (cls == Int(sp) ? 1 : 0)
                    table[(state << 1 | (afterSpace ? 1 : 0)) * classCount + cls] = UInt8(Int(status) | nextIndex << 2)
                }
            }
        }
        return table
    }()

    /// Writes libunibreak's status after each byte of `bytes` (valid UTF-8, non-empty) into `out`,
    /// `LINEBREAK_INSIDEACHAR` (3) for the bytes before a character's last; returns false, with
    /// `out` unspecified, when a character's class is not implemented here.
    static func compute(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<Int8>) -> Bool {
        let n = bytes.count
        precondition(n > 0 && out.count >= n)
        let insideCharacter: Int8 = 3
        return classes.withUnsafeBufferPointer { classes in
            transitions.withUnsafeBufferPointer { transitions in
                var i = 0
                /// The class of the character starting at `i`, with `i` moved past it and the
                /// bytes before its last marked inside a character; nil when unsupported.
                func nextClass() -> UInt8? {
                    let lead = bytes[i]
                    var scalar = Int(lead)
                    var length = 1
                    if lead >= 0xF0 {
                        scalar = Int(lead & 0x07)
                        length = 4
                    } else if lead >= 0xE0 {
                        scalar = Int(lead & 0x0F)
                        length = 3
                    } else if lead >= 0xC0 {
                        scalar = Int(lead & 0x1F)
                        length = 2
                    }
                    for k in 1..<length {
                        scalar = scalar << 6 | Int(bytes[i + k] & 0x3F)
                        out[i + k - 1] = insideCharacter
                    }
                    i += length
                    guard scalar < limit else { return nil }
                    let cls = classes[scalar]
                    return cls == unsupported ? nil : cls
                }
                guard let first = nextClass() else { return false }
                var index = Int(AsciiLineBreaks.startState(first)) << 1
                while i < n {
                    let end = i - 1
                    guard let cls = nextClass() else { return false }
                    let entry = transitions[index * classCount + Int(cls)]
                    out[end] = Int8(entry & 3)
                    index = Int(entry >> 2)
                }
                out[n - 1] = 0  // LB3: LINEBREAK_MUSTBREAK
                return true
            }
        }
    }
}
