/// The speed-up this machine gives the cells' own work right now, and how much of it the parallel
/// run takes.
///
/// In each alternation, after the 1-thread and the N-thread child, N 1-thread children run at once
/// (``runChildrenAtOnce(kind:threads:copies:)``): the same cells on the same cores with nothing
/// shared between the workers (no heap, no text cache, no lock, no reference count). If each copy
/// runs as fast as the lone 1-thread child, the machine gave N× the throughput, and the ceiling is
/// N; a copy slowed by the other (a shared physical core, memory bandwidth, the host) lowers it.
/// Unlike ``MachineCeiling``'s integer loop, this ceiling has the cells' memory behaviour, so the
/// gap between it and the N-thread speed-up is what the parallel path itself costs: the steps it
/// runs on the calling thread alone (the batch applied, the results stored), and the extra CPU of
/// workers sharing one process (caches, locks, the allocator, memory both threads write).
struct SameWorkCeiling {
    /// Median over the alternations of N × the 1-thread child's wall time ÷ the copies' mean.
    let insert: Double
    let relayout: Double
    /// Median over the alternations of the N-thread speed-up ÷ that alternation's ceiling.
    let insertReached: Double
    let relayoutReached: Double
    /// Median of the copies' wall µs per cell.
    let copiesInsert: Double
    let copiesRelayout: Double

    /// `one`, `all` and `copies` hold one entry per alternation, in order.
    init(one: [SettingResult], all: [SettingResult], copies: [[SettingResult]]) {
        let n = Double(copies.first?.count ?? 1)
        func ceilings(_ figure: (SettingResult) -> Double) -> [Double] {
            zip(one, copies).map { one, copies in
                n * figure(one) / (copies.map(figure).reduce(0, +) / Double(copies.count))
            }
        }
        func reached(_ figure: (SettingResult) -> Double, _ ceilings: [Double]) -> Double {
            median(zip(zip(one, all), ceilings).map { pair, ceiling in figure(pair.0) / figure(pair.1) / ceiling })
        }
        let insertCeilings = ceilings(\.insert.wall), relayoutCeilings = ceilings(\.relayout.wall)
        insert = median(insertCeilings)
        relayout = median(relayoutCeilings)
        insertReached = reached(\.insert.wall, insertCeilings)
        relayoutReached = reached(\.relayout.wall, relayoutCeilings)
        copiesInsert = median(copies.flatMap { $0.map(\.insert.wall) })
        copiesRelayout = median(copies.flatMap { $0.map(\.relayout.wall) })
    }
}
