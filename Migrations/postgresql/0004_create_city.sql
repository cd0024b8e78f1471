-- GeoNames cities (population >= 15,000) for reverse geocoding. The nearest-city search asks for
-- the cities in a latitude band and longitude range around a point: a B-tree on
-- (latitude, longitude) answers it.
CREATE TABLE city (
    id           bigint           PRIMARY KEY,
    name         text             NOT NULL,
    region       text,
    country_code text             NOT NULL,
    country      text             NOT NULL,
    latitude     double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
    longitude    double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
    population   integer          NOT NULL DEFAULT 0
);
CREATE INDEX city_position ON city(latitude, longitude);
