// The wording of mistakes in a compact points string (`CompactPoints.decode`, Ink.swift), in
// one place to review for tone: each function's doc comment shows a string that triggers it.
// The decoder places each at its bytes (`InkPointsError`); evaluation reports it as
// `sem.malformed-points` (PropertyMessages.malformedPoints).

enum PointsMessages {
    /// The byte found where something else must come (nil: the end of the string).
    static func found(_ byte: UInt8?) -> String {
        guard let byte else { return "the end of the points" }
        if byte == 0x20 { return "a space" }
        if byte < 0x20 || byte >= 0x7F { return "a character that is not allowed here" }
        return "'\(String(UnicodeScalar(byte)))'"
    }

    /// `"1234567890,0"`: more digits than `CompactPoints.maxIntegerDigits`.
    static func numberTooLarge() -> String {
        "number too large: at most \(CompactPoints.maxIntegerDigits) digits before the decimal point"
    }

    /// `"0.12345,0"`: more decimals than `CompactPoints.maxFractionDigits`.
    static func tooManyDecimals() -> String {
        "too many decimals: the points take at most \(CompactPoints.maxFractionDigits)"
    }

    /// `"1.,2"`.
    static func digitAfterPoint(found: String) -> String { "expected a digit after '.', found \(found)" }

    /// `"a,2"`.
    static func expectedNumber(found: String) -> String { "expected a number, found \(found)" }

    /// `"1,2,0.5,4"`.
    static func tooManyNumbers() -> String { "a point has at most 3 numbers (x, y, pressure)" }

    /// `"0,0 999999999,0 999999999,0"`: the running sum past `CompactPoints.maxCoordinate`.
    static func coordinateOutOfRange() -> String {
        "coordinate out of range: the points stay within ±\(Int(CompactPoints.maxCoordinate)) pt"
    }

    /// `"0,0,1.5"`: `written` is the pressure reached.
    static func pressureOutOfRange(_ written: String) -> String { "pressure must stay between 0 and 1, found \(written)" }

    /// `"1,2;3,4"`.
    static func expectedSeparator(found: String) -> String { "expected ',' or a space after a number, found \(found)" }

    /// `"1 2"`.
    static func expectedY(found: String) -> String { "expected ',' and the y coordinate, found \(found)" }

    /// `"0,0,1 5,5"`: a point with `count` numbers after a first with `first`.
    static func mixedDimensions(_ count: Int, first: Int) -> String {
        "this point has \(count) numbers but the first has \(first); every point has \(first == 3 ? "a pressure" : "no pressure")"
    }

    /// A string of more than the `maxPoints` the caller allows.
    static func tooManyPoints(_ limit: Int) -> String { "more than \(limit) points" }
}
