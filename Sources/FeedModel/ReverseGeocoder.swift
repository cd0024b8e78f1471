/// Reverse geocoding: the nearest populated place (a GeoNames city of the store's `city`
/// table) within ``maxKilometres``, found by the store's search (``NearestCity``'s maths; the
/// SQLite store's `NearestCitySearch` over its R*Tree), formatted as a ``Placemark``. Only the
/// cities' coordinates are read until the winner is known, then its one row, so the lookup is
/// cheap enough to run inside the worker's write transaction.
public struct ReverseGeocoder: Sendable {
    /// How far a place may be from the coordinates; farther (open sea, deserts) is no place.
    public var maxKilometres: Double

    public init(maxKilometres: Double = 75) {
        self.maxKilometres = maxKilometres
    }
}
