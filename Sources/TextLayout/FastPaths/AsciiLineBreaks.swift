/// UAX #14 line-break opportunities for all-ASCII text, without libunibreak.
///
/// libunibreak 1.1 (the Debian package this target links) implements UAX #14 revision 30
/// (Unicode 6.2.0) with the annex's pair-table algorithm (section 7, "Pair Table-Based
/// Implementation"). This type is that algorithm restricted to the line-break classes ASCII
/// characters have, plus ID, NS, RI, IN, B2, GL and the Hangul classes (for
/// ``UnicodeLineBreaks``), derived from the annex: classes from
/// LineBreak-6.2.0.txt, pair actions from rules LB4–LB31. ``LineBreakOpportunities`` uses it
/// when every byte of a text is below 0x80; `AsciiLineBreaksTests` checks that it gives
/// libunibreak's statuses on every string of up to three characters over an alphabet covering
/// every ASCII class, and on tens of thousands of random ASCII strings.
///
/// Why: libunibreak decodes UTF-8 and binary-searches its property table for every character;
/// here a character costs a table read and a transition.
enum AsciiLineBreaks {
    // MARK: - Classes

    /// The ASCII line-break classes. The first ones are the pair table's rows and columns; the
    /// rest are handled before the table is consulted (LB4–LB7), as in the annex's algorithm.
    enum Class: UInt8 {
        case op, cl, cp, qu, ex, sy, `is`, pr, po, nu, al, hy, ba, cm
        /// Not in ASCII: ideographs and most emoji (ID), non-starters (NS), regional indicators
        /// (RI), inseparables such as "…" (IN), "—" (B2), glue such as U+00A0 (GL), and Hangul
        /// syllables and jamo (H2, H3, JL, JV, JT).
        case id, ns, ri, `in`, b2, gl, h2, h3, jl, jv, jt
        /// Row only: a space at the start of a paragraph is treated as a word joiner (section 7).
        case wj
        case sp, bk, cr, lf
    }

    /// Number of classes the pair table has columns for (OP through JT).
    private static let columns = 25
    /// Number of rows (OP through JT, then WJ).
    private static let rows = 26

    /// LineBreak-6.2.0.txt's class of every ASCII code point.
    ///
    /// Controls are CM except TAB (BA), LF, VT and FF (BK), CR; DEL is CM. `$ + \` are PR, `%` PO,
    /// `( [ {` OP, `) ]` CP, `}` CL, `" '` QU, `! ?` EX, `, . : ;` IS, `/` SY, `-` HY, `|` BA,
    /// digits NU, and the remaining printable characters AL.
    static let classes: [UInt8] = {
        var table = [Class](repeating: .al, count: 128)
        for code in 0x00...0x1F { table[code] = .cm }
        table[0x7F] = .cm
        table[0x09] = .ba
        table[0x0A] = .lf
        table[0x0B] = .bk
        table[0x0C] = .bk
        table[0x0D] = .cr
        table[0x20] = .sp
        for (characters, cls) in [("!?", Class.ex), ("\"'", .qu), ("$+\\", .pr), ("%", .po), ("([{", .op),
                                  (")]", .cp), ("}", .cl), (",.:;", .is), ("/", .sy), ("-", .hy),
                                  ("|", .ba), ("0123456789", .nu)] {
            for character in characters.utf8 { table[Int(character)] = cls }
        }
        return table.map(\.rawValue)
    }()

    // MARK: - Pair table

    /// What the pair table says about a break between a class (row) and the next (column).
    enum Action: UInt8 {
        /// `_`: a break is allowed (LB31).
        case direct
        /// `%`: a break is allowed only when spaces come between the two.
        case indirect
        /// `#`: no break before a combining mark (LB9), unless spaces come between (LB10: the mark
        /// is then an alphabetic that may start a line).
        case combiningIndirect
        /// `@`: no break before a combining mark, which takes the previous class (LB9), unless
        /// spaces come between (then still no break, and the mark is an alphabetic, LB10).
        case combiningProhibited
        /// `^`: no break, not even with spaces between.
        case prohibited
    }

    /// The pair table, row-major, `rows × columns`, derived from the annex's rules:
    /// - LB13 `× CL, × CP, × EX, × IS, × SY`: those columns are `^` in every row.
    /// - LB14 `OP SP* ×`: the OP row is `^`.
    /// - LB15 `QU SP* × OP`: `^`. LB19 `× QU`, `QU ×`: `%` in the QU column and row.
    /// - LB16 `(CL | CP) SP* × NS`, LB17 `B2 SP* × B2`: `^`. LB21 `× BA`, `× HY`, `× NS`: `%`
    ///   columns.
    /// - LB12 `GL ×`: the GL row is `%`; LB12a `[^SP BA HY] × GL`: the GL column is `%` but in the
    ///   BA and HY rows.
    /// - LB22 `(AL | ID | IN | NU) × IN`; LB26 `JL × (JL | JV | H2 | H3)`, `(JV | H2) × (JV | JT)`,
    ///   `(JT | H3) × JT`; LB27 Hangul `× IN`, `× PO`, `PR ×` Hangul: `%`.
    /// - LB23 `AL × NU`, `NU × AL`; LB24 `PR × AL`, `PO × AL`; LB25 `CL × PO`, `CP × PO`, `CL × PR`,
    ///   `CP × PR`, `NU × PO`, `NU × PR`, `PO × OP`, `PO × NU`, `PR × OP`, `PR × NU`, `HY × NU`,
    ///   `IS × NU`, `NU × NU`, `SY × NU`; LB28 `AL × AL`; LB29 `IS × AL`; LB30 `AL × OP`, `NU × OP`,
    ///   `CP × AL`, `CP × NU`; LB23 `ID × PO`, LB24 `PR × ID`; LB30a `RI × RI`: `%`.
    /// - LB9/LB10: the CM column is `#` (`@` in the OP row); the CM row is the AL row.
    /// - LB11 `WJ ×`: the WJ row (spaces that start a paragraph, see ``compute(_:into:)``) is `%`
    ///   except for LB13's `^` columns.
    /// - Everything else is LB31's `_`.
    static let pairs: [UInt8] = {
        var table = [Action](repeating: .direct, count: rows * columns)
        func set(_ row: Class, _ column: Class, _ action: Action) {
            table[Int(row.rawValue) * columns + Int(column.rawValue)] = action
        }
        let hangul: [Class] = [.h2, .h3, .jl, .jv, .jt]
        let pairRows: [Class] = [.cl, .cp, .qu, .ex, .sy, .is, .pr, .po, .nu, .al, .hy, .ba, .cm, .id, .ns, .ri,
                                 .in, .b2, .gl] + hangul
        for row in pairRows {
            for column in [Class.qu, .ba, .hy, .ns] { set(row, column, .indirect) }  // LB19, LB21
            set(row, .cm, .combiningIndirect)  // LB9, LB10
            for column in [Class.cl, .cp, .ex, .is, .sy] { set(row, column, .prohibited) }  // LB13
        }
        for index in 0..<columns {
            let column = Class(rawValue: UInt8(index))!
            set(.op, column, .prohibited)  // LB14
            if ![Class.cl, .cp, .ex, .is, .sy, .cm].contains(column) {
                set(.qu, column, .indirect)  // LB19
                set(.wj, column, .indirect)  // LB11
                set(.gl, column, .indirect)  // LB12
            }
        }
        set(.op, .cm, .combiningProhibited)
        set(.wj, .cm, .combiningIndirect)
        for column in [Class.cl, .cp, .ex, .is, .sy] { set(.wj, column, .prohibited) }
        set(.qu, .op, .prohibited)  // LB15
        set(.cl, .ns, .prohibited)  // LB16
        set(.cp, .ns, .prohibited)
        set(.b2, .b2, .prohibited)  // LB17
        for row in pairRows where row != .ba && row != .hy { set(row, .gl, .indirect) }  // LB12a
        for row in [Class.al, .id, .in, .nu] + hangul { set(row, .in, .indirect) }  // LB22, LB27
        for row in hangul {
            set(row, .po, .indirect)  // LB27
            set(.pr, row, .indirect)
        }
        for (row, columns) in [(Class.jl, [Class.jl, .jv, .h2, .h3]), (.jv, [.jv, .jt]), (.h2, [.jv, .jt]),
                               (.jt, [.jt]), (.h3, [.jt])] {  // LB26
            for column in columns { set(row, column, .indirect) }
        }
        for (row, column) in [(Class.al, Class.nu), (.nu, .al), (.pr, .al), (.po, .al),  // LB23, LB24
                              (.cl, .po), (.cp, .po), (.cl, .pr), (.cp, .pr), (.nu, .po), (.nu, .pr),  // LB25
                              (.po, .op), (.po, .nu), (.pr, .op), (.pr, .nu), (.hy, .nu), (.is, .nu),
                              (.nu, .nu), (.sy, .nu),
                              (.al, .al), (.is, .al),  // LB28, LB29
                              (.al, .op), (.nu, .op), (.cp, .al), (.cp, .nu),  // LB30
                              (.id, .po), (.pr, .id), (.ri, .ri)] {  // LB23, LB24, LB30a
            set(row, column, .indirect)
        }
        for column in 0..<columns {  // LB10: CM alone behaves as AL.
            table[Int(Class.cm.rawValue) * columns + column] = table[Int(Class.al.rawValue) * columns + column]
        }
        return table.map(\.rawValue)
    }()

    // MARK: - Breaking

    /// Whether every byte is ASCII (eight at a time).
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var i = 0
        var accumulated: UInt64 = 0
        while i + 8 <= bytes.count {
            accumulated |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i += 8
        }
        while i < bytes.count {
            accumulated |= UInt64(bytes[i])
            i += 1
        }
        return accumulated & 0x8080_8080_8080_8080 == 0
    }

    /// Writes libunibreak's status after each byte of `bytes` (all ASCII, non-empty) into `out`:
    /// `LINEBREAK_MUSTBREAK` (0), `LINEBREAK_ALLOWBREAK` (1) or `LINEBREAK_NOBREAK` (2).
    ///
    /// The annex's algorithm: the state is the class before the current run of spaces; a pair
    /// action `%` or `#` allows a break only after a space. Where libunibreak 1.1 resolves the
    /// annex's choices in its own way, this follows libunibreak (the tests compare the two):
    /// - A space that starts the text becomes WJ and then no longer counts as a space, so the
    ///   first character after a single leading space never starts a line; after a mandatory
    ///   break, a space also becomes WJ but still counts as a space.
    /// - A combining mark takes the previous class (LB9) only after OP (`@`); after other classes
    ///   the mark itself becomes the state, read through the CM row (as AL, LB10).
    static func compute(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<Int8>) {
        precondition(bytes.count > 0 && out.count >= bytes.count)
        var pass = Pass(bytes)
        pass.compute(bytes, into: out, through: bytes.count)
    }

    /// ``compute(_:into:)`` in steps, for a reader that may stop early (a label cut after a few
    /// lines needs no statuses past them): each step writes the statuses from where the last
    /// one stopped, and together they write exactly what one call would.
    struct Pass {
        /// How many statuses are written (`out[0..<computed]`).
        private(set) var computed = 0
        /// The algorithm's state after byte `computed` (``transitions``' row index).
        private var index: Int

        /// A pass over `bytes` (all ASCII, non-empty) that has written nothing yet.
        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            index = Int(startState(classes[Int(bytes[0])])) << 1
        }

        /// Writes the statuses up to offset `end` (exclusive; at most `bytes.count`).
        mutating func compute(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<Int8>,
                              through end: Int) {
            let n = bytes.count
            guard end > computed else { return }
            // The status after byte i - 1 is known once byte i is read; the last byte's is LB3's.
            let last = min(end, n - 1)
            var index = self.index
            transitions.withUnsafeBufferPointer { transitions in
                var i = computed + 1
                while i <= last {
                    let entry = transitions[index << 7 | Int(bytes[i] & 0x7F)]
                    out[i - 1] = Int8(entry & 3)
                    index = Int(entry >> 2)
                    i += 1
                }
            }
            self.index = index
            computed = max(computed, last)
            if end == n {
                out[n - 1] = 0  // LB3: LINEBREAK_MUSTBREAK
                computed = n
            }
        }
    }

    /// The state a paragraph starts in: LF as BK, a space as WJ (section 7).
    static func startState(_ cls: UInt8) -> UInt8 {
        cls == Class.lf.rawValue ? Class.bk.rawValue : cls == Class.sp.rawValue ? Class.wj.rawValue : cls
    }

    /// ``step(state:class:afterSpace:)`` for every state, whether the previous byte was a space,
    /// and every byte, so that ``compute(_:into:)`` does one table read per byte. The table is
    /// indexed by `(state · 2 + afterSpace) · 128 + byte`; an entry holds the status in its low two
    /// bits and the next index (`state · 2 + afterSpace`) above them.
    private static let transitions: [UInt8] = {
        let states = Int(Class.lf.rawValue)  // states are classes below LF
        var table = [UInt8](repeating: 0, count: states * 2 * 128)
        for state in 0..<states where state != Int(Class.sp.rawValue) {  // a space is never the state
            for afterSpace in [false, true] {
                for byte in 0..<128 {
                    let cls = classes[byte]
                    let (status, next) = step(state: UInt8(state), class: cls, afterSpace: afterSpace)
                    let nextIndex = Int(next) << 1 | (cls == Class.sp.rawValue ? 1 : 0)
                    table[(state << 1 | (afterSpace ? 1 : 0)) << 7 | byte] = UInt8(Int(status) | nextIndex << 2)
                }
            }
        }
        return table
    }()

    /// One step of the algorithm: the status between the previous character and one of class
    /// `cls` (`afterSpace` when the previous character is a space), and the next state.
    static func step(state: UInt8, class cls: UInt8, afterSpace: Bool) -> (status: Int8, state: UInt8) {
        let must: Int8 = 0, allow: Int8 = 1, never: Int8 = 2
        let sp = Class.sp.rawValue, bk = Class.bk.rawValue, cr = Class.cr.rawValue, lf = Class.lf.rawValue
        if state == bk || (state == cr && cls != lf) {  // LB4, LB5: a new paragraph.
            return (must, startState(cls))
        }
        if state == cr || cls == bk || cls == lf {  // LB5 CR × LF, LB6 × BK, × LF
            return (never, bk)
        }
        if cls == cr {  // LB6 × CR
            return (never, cr)
        }
        if cls == sp {  // LB7 × SP: the state stays the class before the spaces.
            return (never, state)
        }
        switch pairs[Int(state) * columns + Int(cls)] {
        case Action.direct.rawValue:
            return (allow, cls)
        case Action.indirect.rawValue, Action.combiningIndirect.rawValue:
            return (afterSpace ? allow : never, cls)
        case Action.combiningProhibited.rawValue:
            return (never, afterSpace ? cls : state)  // LB9 after OP: the mark takes OP's class
        default:
            return (never, cls)
        }
    }
}
