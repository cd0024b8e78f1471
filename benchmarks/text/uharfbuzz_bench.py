#!/usr/bin/env python3
"""The peer side of the text benchmark (`bin/bench text`, run by TextBenchmark): uharfbuzz
shaping each caption (shaping alone: buffer, add_str, guess_segment_properties, shape) on DejaVu
Sans at its default scale. Prints the best of ROUNDS runs in microseconds per caption."""
import sys
import time

import uharfbuzz as hb

path = sys.argv[1]
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
with open(path, encoding="utf-8") as f:
    captions = [line.rstrip("\n") for line in f if line.strip()]
font = hb.Font(hb.Face(hb.Blob.from_file_path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")))

best = float("inf")
glyphs = 0
for _ in range(rounds):
    start = time.thread_time()
    for caption in captions:
        buf = hb.Buffer()
        buf.add_str(caption)
        buf.guess_segment_properties()
        hb.shape(font, buf)
        glyphs += len(buf)
    best = min(best, time.thread_time() - start)
print(f"harfbuzz_version={hb.version_string()}")
print(f"uharfbuzz_shape_us={best * 1e6 / len(captions):.3f}")
print(f"uharfbuzz_glyphs={glyphs // rounds}")
