#!/usr/bin/env python3
"""The peer side of the text benchmark (`bin/bench text`, run by TextBenchmark): uharfbuzz
shaping each caption (shaping alone: buffer, add_str, guess_segment_properties, shape) on DejaVu
Sans at its default scale. Prints the best of ROUNDS runs in microseconds per caption.

With `fallback` as the third argument, each caption is first split (outside the timing) into
runs of one font of the engine's cascade, DejaVu Sans, Noto Sans CJK JP, Noto Color Emoji, by
the fonts' cmaps (a mark, joiner, variation selector, skin tone or tag stays with the character
before it; VS16 moves that character to the emoji font), and each run is shaped in its font: the
same shaping work the engine does for those strings.

Usage: uharfbuzz_bench.py CAPTIONS [ROUNDS] [fallback]"""
import sys
import time
import unicodedata

import uharfbuzz as hb

path = sys.argv[1]
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
fallback = len(sys.argv) > 3 and sys.argv[3] == "fallback"
with open(path, encoding="utf-8") as f:
    captions = [line.rstrip("\n") for line in f if line.strip()]


def font(file, index=0):
    return hb.Font(hb.Face(hb.Blob.from_file_path(file), index))


dejavu = font("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
cascade = [dejavu]
if fallback:
    cascade += [font("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
                font("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")]


def joins_previous(c):
    cp = ord(c)
    return (cp == 0x200D or 0xFE00 <= cp <= 0xFE0F or 0x1F3FB <= cp <= 0x1F3FF or 0xE0020 <= cp <= 0xE007F
            or cp == 0x20E3 or unicodedata.category(c).startswith("M"))


def runs(caption):
    """[(font, text)] for one caption."""
    pieces = []  # [font index, text]
    for c in caption:
        if pieces and joins_previous(c):
            if c == "\ufe0f" and pieces[-1][0] != 2 and cascade[2].get_nominal_glyph(ord(pieces[-1][1][-1])):
                last = pieces[-1][1][-1]
                pieces[-1][1] = pieces[-1][1][:-1]
                pieces.append([2, last])
            pieces[-1][1] += c
            continue
        index = next((i for i, f in enumerate(cascade) if f.get_nominal_glyph(ord(c)) is not None), 0)
        if pieces and pieces[-1][0] == index:
            pieces[-1][1] += c
        else:
            pieces.append([index, c])
    return [(cascade[i], text) for i, text in pieces if text]


work = [runs(c) for c in captions] if fallback else [[(dejavu, c)] for c in captions]
best = float("inf")
glyphs = 0
for _ in range(rounds):
    start = time.thread_time()
    for caption in work:
        for run_font, text in caption:
            buf = hb.Buffer()
            buf.add_str(text)
            buf.guess_segment_properties()
            hb.shape(run_font, buf)
            glyphs += len(buf)
    best = min(best, time.thread_time() - start)
print(f"harfbuzz_version={hb.version_string()}")
print(f"uharfbuzz_shape_us={best * 1e6 / len(captions):.3f}")
print(f"uharfbuzz_glyphs={glyphs // rounds}")
print(f"uharfbuzz_runs={sum(len(c) for c in work)}")
