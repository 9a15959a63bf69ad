/**
 * Draws the installed app's icons (frontend/public/icons/) from the favicon's design, once: the PNGs are committed, run
 * this again only when the design changes (`node -r @swc-node/register tooling/app-icons.ts`). The "any" icons keep the
 * rounded square; the maskable one fills the whole square with the colour and keeps the cross inside the central 80 %
 * circle that every launcher's mask leaves visible.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

const OUT = resolve(__dirname, '../frontend/public/icons');
const TEAL = '#0b6e6e';
const CROSS = 'M27 14h10v13h13v10H37v13H27V37H14V27h13z';

const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${TEAL}"/><path d="${CROSS}" fill="#fff"/></svg>`;
// the cross (36 units wide) scaled to 0.6 around the centre: 21.6 of 64, well inside the 51.2-unit safe circle
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${TEAL}"/><path d="${CROSS}" fill="#fff" transform="translate(12.8 12.8) scale(0.6)"/></svg>`;

async function draw(svg: string, size: number, name: string): Promise<void> {
  await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(OUT, name));
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  await draw(rounded, 192, 'icona-192.png');
  await draw(rounded, 512, 'icona-512.png');
  await draw(maskable, 512, 'icona-maskable-512.png');
  // iOS ignores the manifest's icons and wants a full square (it rounds the corners itself)
  await draw(maskable.replace('scale(0.6)', 'scale(0.8)').replace('translate(12.8 12.8)', 'translate(6.4 6.4)'), 180, 'apple-touch-icon.png');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
