import type { ManifestOptions } from 'vite-plugin-pwa';

/** the app's colour: index.html's theme-color, the icons' background */
export const THEME_COLOR = '#0b6e6e';

/** the icons of frontend/public/icons (drawn by tooling/app-icons.ts): 192 and 512 px, and a maskable 512 px */
export const MANIFEST_ICONS = [
  { src: '/icons/icona-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icona-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icona-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/**
 * /manifest.webmanifest: what a phone installs. It opens on /home (a patient's page; other roles land on theirs from
 * there), standalone, in Italian; `id` keeps the installed app the same if start_url ever changes.
 */
export const webAppManifest: Partial<ManifestOptions> = {
  id: '/home',
  name: 'Studio Medico – la tua pagina',
  // under the icon on a phone's home screen: short enough for it
  short_name: 'Studio Medico',
  description: 'Prenotazioni, dieta, ricevute e visite con lo studio del tuo nutrizionista.',
  lang: 'it',
  dir: 'ltr',
  start_url: '/home',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: THEME_COLOR,
  background_color: '#ffffff',
  icons: MANIFEST_ICONS.map((icon) => ({ ...icon })),
};
