import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MANIFEST_ICONS, THEME_COLOR, webAppManifest } from './webAppManifest';

const FRONTEND = join(__dirname, '../../..');

/** a PNG's width and height, from its IHDR chunk (bytes 16-23), and whether the file starts with the PNG signature */
function pngSize(path: string): { png: boolean; width: number; height: number } {
  const bytes = readFileSync(path);
  return {
    png: bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
  };
}

describe('the web app manifest', () => {
  it('is Italian, opens /home standalone at the root scope', () => {
    expect(webAppManifest).toMatchObject({ lang: 'it', start_url: '/home', scope: '/', display: 'standalone' });
    expect(webAppManifest.name).toMatch(/Studio Medico/);
    // a home screen shows about 12 characters under the icon
    expect((webAppManifest.short_name ?? '').length).toBeLessThanOrEqual(13);
  });

  it('has the theme colour index.html declares', () => {
    const page = readFileSync(join(FRONTEND, 'index.html'), 'utf8');
    expect(page).toContain(`<meta name="theme-color" content="${THEME_COLOR}" />`);
    expect(webAppManifest.theme_color).toBe(THEME_COLOR);
  });

  it('lists PNG icons of 192 and 512 px and a maskable one, each a real file of the size it declares', () => {
    const sizes = MANIFEST_ICONS.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of MANIFEST_ICONS) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect({ src: icon.src, ...pngSize(join(FRONTEND, 'public', icon.src)) }).toEqual({ src: icon.src, png: true, width, height });
    }
  });
});
