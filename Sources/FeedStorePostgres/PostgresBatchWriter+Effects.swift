import FeedModel
import PostgresNIO

extension PostgresBatchWriter {
    /// The effects of a round's finished jobs on their assets (loaded or failed, a location
    /// resolved or failed, a photo's comments loaded), written one statement per kind. The
    /// schema's triggers bump the content version of the photos a statement changes
    /// (`Migrations/postgresql/0009_bump_content_version_by_trigger.sql`); each statement is
    /// followed by a read of the versions they got, recording the change of every such photo. A
    /// comment feed that failed for good leaves the photo without comments: no change.
    struct Effects {
        var images: [(photoID: Int64, state: AssetState)] = []
        var avatars: [(userID: Int64, state: AssetState)] = []
        var resolved: [(locationID: Int64, place: Placemark?)] = []
        var failedLocations: [Int64] = []
        var commentFeeds: [Int64] = []

        mutating func add(_ job: ScheduledJob, succeeded: Bool, place: Placemark?) {
            let id = job.key.targetID
            let state: AssetState = succeeded ? .loaded : .failed
            switch job.key.kind {
            case .image: images.append((id, state))
            case .avatar: avatars.append((id, state))
            case .geocode where succeeded: resolved.append((id, place))
            case .geocode: failedLocations.append(id)
            case .commentFeed where succeeded: commentFeeds.append(id)
            case .commentFeed: break
            }
        }

        /// Writes the effects and appends the photos' changes: statement by statement, each
        /// statement's by photo id.
        func apply(_ session: PostgresSession, changes: inout [ContentChange]) async throws {
            guard !(images.isEmpty && avatars.isEmpty && resolved.isEmpty && failedLocations.isEmpty
                    && commentFeeds.isEmpty) else { return }
            try await lockPhotos(session)
            if !images.isEmpty {
                let changed = try await session.query("""
                    UPDATE photo p SET image_state = r.state
                    FROM unnest(\(images.map(\.photoID))::bigint[], \(images.map(\.state.rawValue))::text[])
                        AS r(id, state)
                    WHERE p.id = r.id AND p.image_state != r.state
                    RETURNING p.id
                    """).rows
                let stateOf = Dictionary(uniqueKeysWithValues: images.map { ($0.photoID, $0.state) })
                try await appendVersions(of: .photo, changed, session, to: &changes) { .imageState(stateOf[$0] ?? .loaded) }
            }
            if !avatars.isEmpty {
                let changed = try await session.query("""
                    UPDATE "user" u SET avatar_state = r.state
                    FROM unnest(\(avatars.map(\.userID))::bigint[], \(avatars.map(\.state.rawValue))::text[])
                        AS r(id, state)
                    WHERE u.id = r.id AND u.avatar_state != r.state
                    RETURNING u.id
                    """).rows
                let stateOf = Dictionary(uniqueKeysWithValues: avatars.map { ($0.userID, $0.state) })
                try await appendVersions(of: .owner, changed, session, to: &changes) { .avatarState(stateOf[$0] ?? .loaded) }
            }
            if !resolved.isEmpty { try await resolveLocations(session, changes: &changes) }
            if !failedLocations.isEmpty {
                let changed = try await session.query("""
                    UPDATE location SET geocode_state = 'failed'
                    WHERE id = ANY(\(failedLocations)) AND geocode_state != 'failed' RETURNING id
                    """).rows
                try await appendVersions(of: .location, changed, session, to: &changes) { _ in
                    .location(placeName: nil, country: nil, state: .failed)
                }
            }
            if !commentFeeds.isEmpty {
                let changed = try await session.query("""
                    UPDATE photo SET comments_loaded = true
                    WHERE id = ANY(\(commentFeeds)) AND NOT comments_loaded
                    RETURNING id
                    """).rows
                try await appendVersions(of: .photo, changed, session, to: &changes) { _ in .commentsLoaded }
            }
        }

        /// Locks every photo the effects may change, in id order, before any is changed: workers
        /// committing at once then wait for each other instead of deadlocking (an avatar bumps
        /// every photo of its user while another worker's round changes one of them).
        private func lockPhotos(_ session: PostgresSession) async throws {
            let direct = images.map(\.photoID) + commentFeeds
            let locations = resolved.map(\.locationID) + failedLocations
            try await session.execute("""
                SELECT id FROM photo
                WHERE id = ANY(\(direct)) OR owner_id = ANY(\(avatars.map(\.userID))) OR location_id = ANY(\(locations))
                ORDER BY id FOR UPDATE
                """)
        }

        /// Resolves the locations (their placemark's names, or none when no place is near) whose
        /// names or state differ, which bumps their photos.
        private func resolveLocations(_ session: PostgresSession, changes: inout [ContentChange]) async throws {
            let places = resolved.map(\.place)
            var binds = PostgresBindings(capacity: 7)
            binds.append(resolved.map(\.locationID))
            binds.append(NullableTextArray(places.map { $0?.locality }))
            binds.append(NullableTextArray(places.map { $0?.region }))
            binds.append(NullableTextArray(places.map { $0?.country }))
            binds.append(NullableTextArray(places.map { $0?.subLocality }))
            binds.append(NullableTextArray(places.map { $0?.administrativeArea }))
            binds.append(NullableTextArray(places.map { $0?.subAdministrativeArea }))
            let changed = try await session.query(PostgresQuery(unsafeSQL: """
                UPDATE location l SET place_name = r.place_name, region = r.region, country = r.country,
                                      geocode_state = 'resolved', sub_locality = r.sub_locality,
                                      administrative_area = r.administrative_area,
                                      sub_administrative_area = r.sub_administrative_area
                FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
                    AS r(id, place_name, region, country, sub_locality, administrative_area, sub_administrative_area)
                WHERE l.id = r.id
                  AND (l.place_name, l.region, l.country, l.geocode_state, l.sub_locality, l.administrative_area,
                       l.sub_administrative_area)
                      IS DISTINCT FROM (r.place_name, r.region, r.country, 'resolved', r.sub_locality,
                                        r.administrative_area, r.sub_administrative_area)
                RETURNING l.id
                """, binds: binds)).rows
            let placeOf = Dictionary(resolved.map { ($0.locationID, $0.place) }, uniquingKeysWith: { $1 })
            try await appendVersions(of: .location, changed, session, to: &changes) { locationID in
                let place = placeOf[locationID] ?? nil
                return .location(placeName: place?.locality, country: place?.country, state: .resolved,
                                 subLocality: place?.subLocality, administrativeArea: place?.administrativeArea,
                                 subAdministrativeArea: place?.subAdministrativeArea)
            }
        }

        /// What a statement's returned ids name: the photos it changed, or the owner or location
        /// of the photos whose content version its trigger bumped. The raw value is the column of
        /// `photo` that holds the id.
        enum Changed: String {
            case photo = "id", owner = "owner_id", location = "location_id"
        }

        /// Appends a change for each photo that the ids of `changed` (one per row) name, with the
        /// content version it has now, by photo id; `edit` says what changed of the id's row.
        private func appendVersions(of kind: Changed, _ changed: [PostgresRow], _ session: PostgresSession,
                                    to changes: inout [ContentChange], edit: (Int64) -> ContentChange.Edit) async throws {
            let ids = try changed.map { try $0.decode(Int64.self) }
            guard !ids.isEmpty else { return }
            let column = kind.rawValue
            let rows = try await session.query("""
                SELECT id, content_version, \(unescaped: column) FROM photo WHERE \(unescaped: column) = ANY(\(ids))
                ORDER BY id
                """).rows
            for row in rows {
                let (photoID, contentVersion, changedID) = try row.decode((Int64, Int64, Int64).self)
                changes.append(ContentChange(photoID: photoID, contentVersion: contentVersion, edit: edit(changedID)))
            }
        }
    }
}
