"""Draws Gloss's toolbar icon (a speech bubble holding a highlighted line) as PNGs.
Run once when the design changes; the PNGs are committed. Standard library only."""
import struct, zlib, math, pathlib

def png(size, pixel):
    rows = b"".join(b"\0" + b"".join(bytes(pixel(x, y)) for x in range(size)) for y in range(size))
    chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)) \
        + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")

def coverage(size, inside, samples=4):
    def cov(x, y):
        hits = sum(inside((x + (i + .5) / samples) / size, (y + (j + .5) / samples) / size)
                   for i in range(samples) for j in range(samples))
        return hits / samples ** 2
    return cov

def rounded(u, v, x0, y0, x1, y1, r):
    cx, cy = min(max(u, x0 + r), x1 - r), min(max(v, y0 + r), y1 - r)
    return x0 <= u <= x1 and y0 <= v <= y1 and math.hypot(u - cx, v - cy) <= r

def bubble(u, v):
    tail = v >= .74 and v <= .92 and u >= .22 and u <= .22 + (.92 - v) * 1.2
    return rounded(u, v, .06, .08, .94, .78, .16) or tail

def mark(u, v):  # the highlighted line, and a shorter one under it
    return rounded(u, v, .2, .28, .8, .42, .05) or rounded(u, v, .2, .5, .6, .6, .04)

def icon(size):
    b, m = coverage(size, bubble), coverage(size, mark)
    def pixel(x, y):
        a, k = b(x, y), m(x, y)
        bg, fg = (79, 70, 229), (253, 224, 71)
        c = [round(bg[i] * (1 - k) + fg[i] * k) for i in range(3)]
        return (*c, round(255 * a))
    return png(size, pixel)

out = pathlib.Path(__file__).resolve().parent.parent / "extension" / "icons"
for s in (16, 32, 48, 128):
    (out / f"icon-{s}.png").write_bytes(icon(s))
