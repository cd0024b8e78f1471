#!/usr/bin/env python3
"""Prints the advance widths (font units, scale = units per em) that uharfbuzz gives for the
strings the TextLayout tests check. Each string is shaped whole, with
guess_segment_properties, on DejaVu Sans / DejaVu Sans Bold from fonts-dejavu-core.
Run: pip install uharfbuzz && python3 benchmarks/text/uharfbuzz_fixtures.py
The numbers are pasted into Tests/TextLayoutTests/AdvanceWidthTests.swift."""
import uharfbuzz as hb

DIR = "/usr/share/fonts/truetype/dejavu/"
FONTS = {}
for weight, name in (("regular", "DejaVuSans.ttf"), ("bold", "DejaVuSans-Bold.ttf")):
    face = hb.Face(hb.Blob.from_file_path(DIR + name))
    FONTS[weight] = hb.Font(face)

CASES = [
    ("regular", "Hello, world!"),
    ("regular", "AVATAR Type WAVE"),
    ("regular", "office affine"),
    ("regular", "Привет, мир"),
    ("regular", "Καλημέρα κόσμε"),
    ("regular", "cafe\u0301 na\u0308ive"),
    ("regular", "中文"),
    ("regular", "😀"),
    ("regular", "🦄"),
    ("regular", "…"),
    ("regular", " "),
    ("bold", "Hello, world!"),
    ("bold", "AVATAR Type WAVE"),
    ("regular", "The quick brown fox jumps over the"),
    ("regular", "The quick brown fox jumps over"),
    ("regular", "lazy dog."),
]

print("hb", hb.version_string(), "upem", FONTS["regular"].face.upem,
      "extents", FONTS["regular"].get_font_extents("ltr"), FONTS["bold"].get_font_extents("ltr"))
for weight, text in CASES:
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    hb.shape(FONTS[weight], buf)
    total = sum(p.x_advance for p in buf.glyph_positions)
    glyphs = [i.codepoint for i in buf.glyph_infos]
    print(f"{weight:8} {text!r:40} {total:6}  glyphs={glyphs}")
