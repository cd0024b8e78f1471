#!/usr/bin/env python3
"""Prints the advance widths that uharfbuzz gives for the fallback strings the TextLayout tests
check (Tests/TextLayoutTests/FallbackWidthTests.swift), each font run shaped on its own, whole,
with guess_segment_properties, in the font of the cascade the engine picks for it:
  dejavu  DejaVu Sans (fonts-dejavu-core), units per em 2048
  cjk     Noto Sans CJK JP, face 0 of NotoSansCJK-Regular.ttc / -Bold.ttc (fonts-noto-cjk), 1000
  emoji   Noto Color Emoji (fonts-noto-color-emoji): HarfBuzz picks the glyphs, and each glyph's
          advance is its CBDT strike's (136 px at 109 ppem), at scale 109 * 64, as FreeType
          reports a bitmap strike in 26.6; fontTools reads the strike.
A fixture is a list of (units, units per em) per run; the width at a size is the sum of
units * size / units per em.
Run: pip install uharfbuzz fonttools && python3 benchmarks/text/uharfbuzz_fallback_fixtures.py"""
import uharfbuzz as hb
from fontTools.ttLib import TTFont

EMOJI = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"


def font(path, index=0):
    return hb.Font(hb.Face(hb.Blob.from_file_path(path), index))


FONTS = {
    ("dejavu", "regular"): font("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    ("dejavu", "bold"): font("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
    ("cjk", "regular"): font("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
    ("cjk", "bold"): font("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"),
    ("emoji", "regular"): font(EMOJI),
}
FONTS[("emoji", "bold")] = FONTS[("emoji", "regular")]

strikes = TTFont(EMOJI)
PPEM = strikes["CBLC"].strikes[0].bitmapSizeTable.ppemX
STRIKE = {}
for data in strikes["CBDT"].strikeData:
    for name, glyph in data.items():
        STRIKE[strikes.getGlyphID(name)] = glyph.metrics.Advance * 64

CASES = [
    ("regular", [("cjk", "中文")]),
    ("regular", [("cjk", "今日は本当に良い天気でした。")]),
    ("regular", [("cjk", "서울의"), ("dejavu", " "), ("cjk", "밤")]),
    ("bold", [("cjk", "外灘の夜景")]),
    ("regular", [("emoji", "🔥")]),
    ("regular", [("emoji", "🦄")]),
    ("regular", [("emoji", "👍🏽")]),
    ("regular", [("emoji", "👨\u200d👩\u200d👧")]),
    ("regular", [("emoji", "🇯🇵")]),
    ("regular", [("emoji", "1\ufe0f\u20e3")]),
    ("regular", [("emoji", "\u2764\ufe0f")]),
    ("regular", [("dejavu", "\u2764")]),
    ("regular", [("dejavu", "Great shot "), ("emoji", "🔥🔥")]),
    ("regular", [("dejavu", "a"), ("cjk", "中"), ("dejavu", "b😀c"), ("emoji", "🔥")]),
    ("regular", [("cjk", "東京"), ("dejavu", " Tokyo "), ("emoji", "🗼✨")]),
]


def units(kind, weight, text):
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    hb.shape(FONTS[(kind, weight)], buf)
    if kind == "emoji":
        return sum(STRIKE[info.codepoint] for info in buf.glyph_infos), PPEM * 64
    return sum(p.x_advance for p in buf.glyph_positions), FONTS[(kind, weight)].face.upem


print("hb", hb.version_string())
for weight, runs in CASES:
    text = "".join(t for _, t in runs)
    print(f"{weight:8} {text!r:40} {[units(k, weight, t) for k, t in runs]}")
