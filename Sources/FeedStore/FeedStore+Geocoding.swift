import Foundation
import GRDB

extension FeedStore {
    /// The nearest city within `maxKilometres` of a coordinate, or nil (out at sea, in the
    /// desert). The R*Tree narrows the search to a box around the point, widened step by step;
    /// the great-circle distance picks among the candidates.
    public func nearestCity(latitude: Double, longitude: Double, maxKilometres: Double = 75) throws -> City? {
        try writer.read { db in
            var box = 0.25
            let maxBox = maxKilometres / 111.0 + 0.01
            while true {
                box = min(box, maxBox)
                let longitudeBox = min(180, box / max(0.05, cos(latitude * .pi / 180)))
                let candidates = try City.fetchAll(db, sql: """
                    SELECT city.* FROM city_rtree r JOIN city ON city.id = r.id
                    WHERE r.max_latitude >= ? AND r.min_latitude <= ? AND r.max_longitude >= ? AND r.min_longitude <= ?
                    """, arguments: [latitude - box, latitude + box, longitude - longitudeBox, longitude + longitudeBox])
                var nearest: (city: City, distance: Double)?
                for city in candidates {
                    let distance = Self.kilometres(latitude, longitude, city.latitude, city.longitude)
                    guard distance <= maxKilometres else { continue }
                    if let best = nearest, best.distance < distance || (best.distance == distance && best.city.id < city.id) {
                        continue
                    }
                    nearest = (city, distance)
                }
                if let nearest { return nearest.city }
                if box >= maxBox { return nil }
                box *= 4
            }
        }
    }

    /// Haversine distance on a sphere of the Earth's mean radius.
    static func kilometres(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians
        let dLon = (lon2 - lon1) * radians
        let a = sin(dLat / 2) * sin(dLat / 2)
            + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 6371.0 * 2 * atan2(sqrt(a), sqrt(1 - a))
    }
}
