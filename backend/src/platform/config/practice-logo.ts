import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { LetterheadLogo } from '../common/letterhead-pdf';
import type { AppConfig } from './config';
import { readPracticeSettings } from './practice-settings';

/** the app's own files: the built frontend, else the sources' public folder (tests and development run without a build) */
const PUBLIC_SOURCES = join(__dirname, '..', '..', '..', '..', 'frontend', 'public');

/**
 * The practice's logo for its letterhead (receipt, diet, visit report), from /impostazioni when one was uploaded (PNG or
 * JPEG drawn as they are; a WebP, which pdfkit cannot draw, leaves the letterhead without a logo), else the initial PRACTICE_LOGO_URL, a file of the app
 * (the default /logo.svg, drawn as vector graphics). Null when there is nothing drawable.
 */
export async function practiceLogo(
  readModels: Parameters<typeof readPracticeSettings>[0],
  config: Pick<AppConfig, 'practice' | 'frontendDist'>,
  images: { get(imageId: string): Promise<{ contentType: string; data: Buffer } | null> },
): Promise<LetterheadLogo | null> {
  const { logo } = await readPracticeSettings(readModels);
  if (logo) {
    const image = await images.get(logo.imageId);
    if (image && (image.contentType === 'image/png' || image.contentType === 'image/jpeg')) return { kind: 'raster', data: image.data };
    return null;
  }
  const path = config.practice.logoUrl.split(/[?#]/)[0];
  for (const root of [config.frontendDist, PUBLIC_SOURCES]) {
    if (!root) continue;
    const file = normalize(join(root, path));
    // a path of the app only, never outside its folder
    if (!file.startsWith(normalize(root) + sep)) continue;
    const data = await readFile(file).catch(() => null);
    if (!data) continue;
    const ext = extname(file).toLowerCase();
    if (ext === '.svg') return { kind: 'svg', svg: data.toString('utf8') };
    if (ext === '.png' || ext === '.jpg' || ext === '.jpeg') return { kind: 'raster', data };
    return null;
  }
  return null;
}
