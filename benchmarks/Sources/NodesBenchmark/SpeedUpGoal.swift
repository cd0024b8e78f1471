import Foundation

/// The verdict on the speed-up goal (≥ 1.8× on 2 cores) for one figure.
///
/// Below the goal, it tells the two kinds of miss apart by that moment's ``SameWorkCeiling``:
/// when the host gives even two independent 1-thread copies of the same cells less than the goal,
/// no parallel code could reach it then (a host-bound miss); otherwise the gap is the parallel
/// path's own.
enum SpeedUpGoal {
    static let target = 1.8

    /// The verdict against `target` (the 1.8× unless given).
    static func verdict(_ speedUp: Double, ceiling: Double, target: Double = target) -> String {
        if speedUp >= target { return String(format: "PASS (%.2fx)", speedUp) }
        if ceiling < target {
            return String(format: "FAIL (%.2fx; host-bound: the same-work ceiling now is %.2fx)", speedUp, ceiling)
        }
        return String(format: "FAIL (%.2fx; the same-work ceiling now is %.2fx)", speedUp, ceiling)
    }
}
