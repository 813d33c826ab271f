/** What e2e tests read of a JPEG the provider received. */

/** The width and height in a JPEG's frame header (SOF0 or SOF2), as a decoder reads them. */
export function jpegSize(jpeg: Buffer): string {
  for (let i = 2; i < jpeg.length - 9;) {
    const marker = jpeg[i + 1] ?? 0;
    if (marker === 0xc0 || marker === 0xc2) return `${jpeg.readUInt16BE(i + 7)}×${jpeg.readUInt16BE(i + 5)}`;
    i += 2 + jpeg.readUInt16BE(i + 2);
  }
  throw new Error('no frame header');
}
