-- GeoNames cities (population >= 15,000) for reverse geocoding, with an R*Tree over their
-- coordinates. Each city is a point: a degenerate box. Triggers keep the R*Tree in step.
CREATE TABLE city (
    id           INTEGER PRIMARY KEY,
    name         TEXT    NOT NULL,
    region       TEXT,
    country_code TEXT    NOT NULL,
    country      TEXT    NOT NULL,
    latitude     REAL    NOT NULL CHECK (latitude BETWEEN -90 AND 90),
    longitude    REAL    NOT NULL CHECK (longitude BETWEEN -180 AND 180),
    population   INTEGER NOT NULL DEFAULT 0
);

CREATE VIRTUAL TABLE city_rtree USING rtree(id, min_latitude, max_latitude, min_longitude, max_longitude);

CREATE TRIGGER city_rtree_insert AFTER INSERT ON city BEGIN
    INSERT INTO city_rtree (id, min_latitude, max_latitude, min_longitude, max_longitude)
    VALUES (new.id, new.latitude, new.latitude, new.longitude, new.longitude);
END;
CREATE TRIGGER city_rtree_update AFTER UPDATE OF latitude, longitude ON city BEGIN
    UPDATE city_rtree
       SET min_latitude = new.latitude, max_latitude = new.latitude,
           min_longitude = new.longitude, max_longitude = new.longitude
     WHERE id = new.id;
END;
CREATE TRIGGER city_rtree_delete AFTER DELETE ON city BEGIN
    DELETE FROM city_rtree WHERE id = old.id;
END;
