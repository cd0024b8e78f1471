#!/usr/bin/env python3
"""Generates the curated seed set (users.jsonl, photos.jsonl, comments.jsonl) from vocabulary.json
and cities.tsv.

Deterministic: the same vocabulary, cities and seed give byte-identical files. Run from anywhere:
    python3 seed-data/tools/generate_seed_data.py [--seed 20240501] [--users 200] [--photos 2400]

Photos are taken where people are: a location is near a GeoNames city of cities.tsv, picked with a
probability proportional to its population, moved up to OFFSET_KM in a random direction (uniform
over that disc), so the reverse geocoder (the nearest city within 75 km) always finds a place.
About 8% of the photos have no location.
"""
import argparse
import csv
import itertools
import json
import math
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EPOCH = datetime(2023, 1, 1, tzinfo=timezone.utc)
SPAN_SECONDS = 900 * 24 * 3600
# How far a location may lie from its city, in km: well inside the geocoder's 75 km radius.
OFFSET_KM = 8.0
# Kilometres per degree of latitude (the geocoder's Earth radius, 6371 km).
KM_PER_DEGREE = 6371.0 * math.pi / 180.0
RATIOS = [(4032, 3024), (3024, 4032), (1080, 1080), (1920, 1080), (1080, 1350), (6000, 4000), (1200, 1800), (2048, 858)]


def iso(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def ascii_handle(rng, vocab, index):
    base = rng.choice(vocab["handles"])
    return f"{base}_{index:03d}" if rng.random() < 0.5 else f"{base}{rng.randint(1, 99)}_{index}"


def make_users(rng, vocab, count):
    users = []
    for index in range(1, count + 1):
        name = f'{rng.choice(vocab["firstNames"])} {rng.choice(vocab["lastNames"])}'
        handle = ascii_handle(rng, vocab, index)
        users.append({"id": index, "username": handle, "fullName": name,
                      "avatarURL": f"https://images.photofeed.example/avatars/{index}.jpg"})
    return users


def title(rng, vocab):
    roll = rng.random()
    if roll < 0.08:
        return ""
    if roll < 0.35:
        return rng.choice(vocab["multilingualTitles"])
    template = rng.choice(vocab["titleTemplates"])
    text = template.format(adj=rng.choice(vocab["adjectives"]), subject=rng.choice(vocab["subjects"]),
                           n=rng.randint(2, 40))
    return text[0].upper() + text[1:]


def description(rng, vocab):
    roll = rng.random()
    if roll < 0.15:
        return ""
    count = 1 if roll < 0.55 else rng.randint(2, 4) if roll < 0.92 else rng.randint(6, 12)
    return " ".join(rng.choice(vocab["sentences"]) for _ in range(count))


def load_cities():
    """The (latitude, longitude) of every city of cities.tsv, in file order, and their cumulative
    populations (a city without one counts as 1, so that every city can be drawn)."""
    with open(ROOT / "cities.tsv", encoding="utf-8", newline="") as source:
        rows = list(csv.DictReader(source, delimiter="\t", quoting=csv.QUOTE_NONE))
    places = [(float(row["latitude"]), float(row["longitude"])) for row in rows]
    weights = list(itertools.accumulate(max(int(row["population"]), 1) for row in rows))
    return places, weights


def location(rng, places_rng, vocab, cities):
    roll = rng.random()
    if roll < 0.08:
        return None
    # The coordinates come from their own stream. The main stream makes three draws here all the
    # same (a vocabulary sea or place, two offsets): the rows' other fields were drawn after them,
    # and keeping them keeps those fields' values.
    rng.choice(vocab["seas"] if roll < 0.20 else vocab["places"])
    rng.random()
    rng.random()
    places, weights = cities
    lat, lon = places_rng.choices(places, cum_weights=weights)[0]
    distance = OFFSET_KM * math.sqrt(places_rng.random()) / KM_PER_DEGREE
    bearing = 2 * math.pi * places_rng.random()
    lat = max(-89.9, min(89.9, lat + distance * math.cos(bearing)))
    lon = lon + distance * math.sin(bearing) / max(math.cos(math.radians(lat)), 0.01)
    lon = (lon + 180.0) % 360.0 - 180.0
    return {"latitude": round(lat, 5), "longitude": round(lon, 5)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=20240501)
    parser.add_argument("--users", type=int, default=200)
    parser.add_argument("--photos", type=int, default=2400)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    places_rng = random.Random(f"locations-{args.seed}")
    vocab = json.loads((ROOT / "vocabulary.json").read_text(encoding="utf-8"))
    cities = load_cities()

    users = make_users(rng, vocab, args.users)
    photos, comments = [], []
    previous = None
    for photo_id in range(1, args.photos + 1):
        # About one photo in fifty shares its upload second with the previous one: the feed's
        # (uploadedAt, id) order must break such ties.
        if previous is not None and rng.random() < 0.02:
            uploaded = previous
        else:
            uploaded = EPOCH + timedelta(seconds=rng.randrange(SPAN_SECONDS))
        previous = uploaded
        width, height = rng.choice(RATIOS)
        photos.append({
            "id": photo_id, "ownerId": rng.randint(1, args.users),
            "url": f"https://images.photofeed.example/photos/{photo_id}.jpg",
            "pixelWidth": width, "pixelHeight": height, "title": title(rng, vocab),
            "description": description(rng, vocab), "likes": int(rng.paretovariate(1.2)) - 1,
            "uploadedAt": iso(uploaded), "location": location(rng, places_rng, vocab, cities),
        })
        for _ in range(rng.choice([0, 0, 1, 1, 2, 3, 5])):
            comments.append({
                "id": len(comments) + 1, "photoId": photo_id, "authorId": rng.randint(1, args.users),
                "body": rng.choice(vocab["comments"]),
                "createdAt": iso(uploaded + timedelta(minutes=rng.randint(1, 60 * 24 * 30))),
            })

    for name, rows in (("users", users), ("photos", photos), ("comments", comments)):
        with open(ROOT / f"{name}.jsonl", "w", encoding="utf-8", newline="\n") as out:
            for row in rows:
                out.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"{len(users)} users, {len(photos)} photos, {len(comments)} comments")


if __name__ == "__main__":
    main()
