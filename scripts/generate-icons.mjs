// Draws the app icons (public/icons/icon-192.png, icon-512.png, icon-maskable-512.png) from the shapes of
// public/icons/favicon.svg: a teal rounded square with a white cross. Run once: `node scripts/generate-icons.mjs`.
// Only node:zlib, so it needs no image tool; the PNGs are committed.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const TEAL = [0x0f, 0x76, 0x6e];
const WHITE = [0xff, 0xff, 0xff];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function encodePng(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) raw.set(pixel(x, y), y * (size * 4 + 1) + 1 + x * 4);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** Coverage (0..1) of a point in the 64-unit design: rounded square (rx 14, or full bleed) and the cross. */
function draw(size, { maskable }) {
  const s = 4; // 4x4 supersampling for smooth edges
  const scale = 64 / size;
  // Maskable icons keep the cross inside the 80% safe zone and fill the whole square (the OS cuts the shape).
  const crossScale = maskable ? 0.72 : 1;
  const inRounded = (u, v) => {
    if (maskable) return true;
    const r = 14;
    const cx = Math.min(Math.max(u, r), 64 - r);
    const cy = Math.min(Math.max(v, r), 64 - r);
    return (u - cx) ** 2 + (v - cy) ** 2 <= r * r;
  };
  const inCross = (u, v) => {
    const a = 32 + (u - 32) / crossScale;
    const b = 32 + (v - 32) / crossScale;
    return (a >= 28 && a <= 36 && b >= 14 && b <= 50) || (b >= 28 && b <= 36 && a >= 14 && a <= 50);
  };
  return encodePng(size, (x, y) => {
    let bg = 0;
    let fg = 0;
    for (let i = 0; i < s; i++)
      for (let j = 0; j < s; j++) {
        const u = (x + (i + 0.5) / s) * scale;
        const v = (y + (j + 0.5) / s) * scale;
        if (inRounded(u, v)) {
          bg++;
          if (inCross(u, v)) fg++;
        }
      }
    const n = s * s;
    if (bg === 0) return [0, 0, 0, 0];
    const t = fg / bg;
    const rgb = TEAL.map((c, k) => Math.round(c * (1 - t) + WHITE[k] * t));
    return [...rgb, Math.round((255 * bg) / n)];
  });
}

writeFileSync('public/icons/icon-192.png', draw(192, { maskable: false }));
writeFileSync('public/icons/icon-512.png', draw(512, { maskable: false }));
writeFileSync('public/icons/icon-maskable-512.png', draw(512, { maskable: true }));
console.log('icons written');
