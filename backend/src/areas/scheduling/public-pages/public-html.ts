import type { DoctorProfileView, LocationView, PracticeInfo, VisitTypeView } from '@studio/contracts';

/**
 * The public pages (/medici/<slug>, /studio) as HTML that carries everything without JavaScript: a search engine, a
 * preview card and a phone on a slow line read them as they come. Every value from the settings goes through
 * `html` (text and attributes) or `jsonLd` (the schema.org block): a name or a biography is shown, never run.
 */

/** text and attribute values: the five characters that could end an element or an attribute */
export function html(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** JSON inside <script type="application/ld+json">: no `</script>`, no `<!--`, no line separators that end it early */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const euro = (cents: number) => new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const dayLabel = (date: string) =>
  new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
const MODE_LABEL = { studio: 'in studio', online: 'online' } as const;

export interface PublicDoctor {
  id: string;
  name: string;
  slug: string;
  profile: DoctorProfileView;
  visitTypes: VisitTypeView[];
  /** the next days with a free hour, the first few */
  freeDays: { date: string; free: number }[];
  /** the practice's locations where the doctor receives (none: the practice's one address), each with its next free days */
  locations: { location: LocationView; freeDays: { date: string; free: number }[] }[];
}

export interface PageFrame {
  /** PUBLIC_URL, without the trailing slash: canonical and Open Graph addresses are absolute */
  origin: string;
  practice: PracticeInfo;
}

const absolute = (origin: string, path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);
export const doctorPath = (slug: string) => `/medici/${encodeURIComponent(slug)}`;
export const bookingPath = (slug: string, visitTypeId?: string) =>
  `/prenota?medico=${encodeURIComponent(slug)}${visitTypeId ? `&tipo=${encodeURIComponent(visitTypeId)}` : ''}`;
const fullName = (d: PublicDoctor) => [d.profile.title, d.name].filter(Boolean).join(' ');
const mapUrl = (address: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;

const STYLE = `:root{color-scheme:light}*{box-sizing:border-box}body{margin:0;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2125;background:#f6f7f9}
header,main,footer{max-width:46rem;margin:0 auto;padding:1rem}header{display:flex;gap:.75rem;align-items:center}header img{border-radius:.25rem}
header a{color:#1d2125;font-weight:600;text-decoration:none}h1{font-size:1.6rem;margin:.25rem 0}h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
section,article{background:#fff;border:1px solid #dee2e6;border-radius:.5rem;padding:1rem;margin-bottom:1rem}.who{display:flex;gap:1rem;flex-wrap:wrap;align-items:flex-start}
.who img{border-radius:50%;object-fit:cover}ul{padding-left:1.25rem}li{margin:.25rem 0}.muted{color:#495057}
a.button{display:inline-block;background:#0a58ca;color:#fff;padding:.6rem 1rem;border-radius:.375rem;text-decoration:none;font-weight:600;min-height:44px}
a{color:#0a58ca}.offer{display:flex;justify-content:space-between;gap:.75rem;flex-wrap:wrap;align-items:center;border-top:1px solid #dee2e6;padding:.75rem 0}
.offer:first-of-type{border-top:0}p{margin:.5rem 0}footer{font-size:.9rem;color:#495057}`;

interface Head {
  title: string;
  description: string;
  path: string;
  image: string | null;
  type: 'profile' | 'website';
  structured: unknown;
}

function page(frame: PageFrame, head: Head, body: string): string {
  const { origin, practice } = frame;
  const canonical = absolute(origin, head.path);
  const image = head.image ? absolute(origin, head.image) : null;
  return `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(head.title)}</title>
<meta name="description" content="${html(head.description)}">
<link rel="canonical" href="${html(canonical)}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<meta property="og:type" content="${head.type}">
<meta property="og:title" content="${html(head.title)}">
<meta property="og:description" content="${html(head.description)}">
<meta property="og:url" content="${html(canonical)}">
<meta property="og:site_name" content="${html(practice.name)}">
<meta property="og:locale" content="it_IT">
${image ? `<meta property="og:image" content="${html(image)}">\n` : ''}<style>${STYLE}</style>
<script type="application/ld+json">${jsonLd(head.structured)}</script>
</head>
<body>
<header><a href="/studio">${html(practice.name)}</a></header>
<main>
${body}
</main>
<footer><p>${html(practice.name)}${practice.address ? ` · ${html(practice.address)}` : ''}${practice.phone ? ` · <a href="tel:${html(practice.phone.replace(/[^+0-9]/g, ''))}">${html(practice.phone)}</a>` : ''}</p></footer>
</body>
</html>
`;
}

const postal = (streetAddress: string) => ({ '@type': 'PostalAddress', streetAddress, addressCountry: 'IT' });
function postalAddress(practice: PracticeInfo) {
  return practice.address ? postal(practice.address) : undefined;
}
/** the doctor's locations' addresses (one, or several), else the practice's */
const doctorAddress = (practice: PracticeInfo, d: PublicDoctor) =>
  d.locations.length === 0
    ? postalAddress(practice)
    : d.locations.length === 1
      ? postal(d.locations[0].location.address)
      : d.locations.map((l) => postal(l.location.address));

function physician(frame: PageFrame, d: PublicDoctor) {
  const { origin, practice } = frame;
  return {
    '@type': 'Physician',
    name: fullName(d),
    url: absolute(origin, doctorPath(d.slug)),
    ...(d.profile.photoUrl ? { image: absolute(origin, d.profile.photoUrl) } : {}),
    ...(d.profile.bio ? { description: d.profile.bio } : {}),
    medicalSpecialty: d.profile.specialty,
    ...(d.profile.registerNumber ? { identifier: d.profile.registerNumber } : {}),
    ...(doctorAddress(practice, d) ? { address: doctorAddress(practice, d) } : {}),
    ...(practice.phone ? { telephone: practice.phone } : {}),
    ...(d.visitTypes.length
      ? {
          makesOffer: d.visitTypes.map((v) => ({
            '@type': 'Offer',
            name: v.name,
            price: (v.priceCents / 100).toFixed(2),
            priceCurrency: 'EUR',
            url: absolute(origin, bookingPath(d.slug, v.id)),
          })),
        }
      : {}),
  };
}

function freeDaysList(freeDays: PublicDoctor['freeDays']): string {
  if (freeDays.length === 0) return '<p class="muted">Nessun orario libero nei prossimi 30 giorni.</p>';
  const items = freeDays.map((day) => `<li>${html(dayLabel(day.date))}: ${day.free === 1 ? '1 orario libero' : `${day.free} orari liberi`}</li>`);
  return `<ul>${items.join('')}</ul>`;
}

function visitTypesList(d: PublicDoctor): string {
  if (d.visitTypes.length === 0) return `<p><a class="button" href="${html(bookingPath(d.slug))}">Prenota</a></p>`;
  return d.visitTypes
    .map(
      (v) =>
        `<div class="offer"><div><strong>${html(v.name)}</strong><br><span class="muted">${v.minutes} minuti · ${MODE_LABEL[v.mode]} · ${html(euro(v.priceCents))}</span></div>` +
        `<a class="button" href="${html(bookingPath(d.slug, v.id))}" aria-label="Prenota: ${html(v.name)}">Prenota</a></div>`,
    )
    .join('\n');
}

/** a location where the doctor receives: address, phone, notes, map, and its next free days with a "Prenota" there */
function locationBlock(location: LocationView, freeDays: PublicDoctor['freeDays'], slug: string): string {
  return `<article aria-label="${html(location.name)}"><h3 style="font-size:1.05rem;margin:0">${html(location.name)}</h3>
<p>${html(location.address)}${location.phone ? `<br>Telefono: ${html(location.phone)}` : ''}</p>${location.notes ? `<p class="muted">${html(location.notes)}</p>` : ''}
<p><a href="${html(location.mapUrl)}" rel="noopener">Apri sulla mappa: ${html(location.name)}</a></p>
${freeDaysList(freeDays)}<p><a href="${html(`${bookingPath(slug)}&sede=${encodeURIComponent(location.id)}`)}">Prenota in ${html(location.name)}</a></p></article>`;
}

/** GET /medici/<slug> */
export function doctorPage(frame: PageFrame, d: PublicDoctor): string {
  const { practice } = frame;
  const name = fullName(d);
  const photo = d.profile.photoUrl ? `<img src="${html(d.profile.photoUrl)}" alt="Foto di ${html(name)}" width="112" height="112">` : '';
  const body = `<section class="who" aria-labelledby="medico">
${photo}<div>
<h1 id="medico">${html(name)}</h1>
<p>${html(d.profile.specialty)}</p>
${d.profile.registerNumber ? `<p class="muted">Iscrizione all’albo: ${html(d.profile.registerNumber)}</p>` : ''}
</div>
${d.profile.bio ? `<p style="flex-basis:100%">${html(d.profile.bio).replace(/\n/g, '<br>')}</p>` : ''}
</section>
<section aria-labelledby="visite"><h2 id="visite">Visite</h2>
${visitTypesList(d)}
</section>
<section aria-labelledby="dove"><h2 id="dove">Dove</h2>
${d.locations.length ? d.locations.map((l) => locationBlock(l.location, l.freeDays, d.slug)).join('\n') : practice.address ? `<p>${html(practice.name)}<br>${html(practice.address)}</p><p><a href="${html(mapUrl(practice.address))}" rel="noopener">Apri sulla mappa</a></p>` : `<p>${html(practice.name)}</p>`}
</section>
<section aria-labelledby="giorni"><h2 id="giorni">Prossimi giorni liberi</h2>
${freeDaysList(d.freeDays)}
<p><a href="${html(bookingPath(d.slug))}">Scegli giorno e ora</a></p>
</section>`;
  const description = `${name}, ${d.profile.specialty} presso ${practice.name}${practice.address ? `, ${practice.address}` : ''}. Prenota online.`;
  return page(
    frame,
    {
      title: `${name} · ${d.profile.specialty} · ${practice.name}`,
      description,
      path: doctorPath(d.slug),
      image: d.profile.photoUrl,
      type: 'profile',
      structured: { '@context': 'https://schema.org', ...physician(frame, d) },
    },
    body,
  );
}

/** GET /studio: the practice and its doctors */
export function practicePage(frame: PageFrame, doctors: PublicDoctor[], locations: LocationView[] = []): string {
  const { origin, practice } = frame;
  const cards = doctors.map(
    (d) =>
      `<article><h2><a href="${html(doctorPath(d.slug))}">${html(fullName(d))}</a></h2><p>${html(d.profile.specialty)}</p>` +
      `<p><a class="button" href="${html(bookingPath(d.slug))}" aria-label="Prenota con ${html(fullName(d))}">Prenota</a></p></article>`,
  );
  const body = `<h1>${html(practice.name)}</h1>
<section aria-label="Contatti">
<p>${html(practice.specialty)}</p>
${practice.address ? `<p>${html(practice.address)} · <a href="${html(mapUrl(practice.address))}" rel="noopener">Apri sulla mappa</a></p>` : ''}
${practice.phone ? `<p>Telefono: ${html(practice.phone)}</p>` : ''}${practice.email ? `<p>Email: <a href="mailto:${html(practice.email)}">${html(practice.email)}</a></p>` : ''}
</section>
${locations.length ? `<section aria-labelledby="sedi"><h2 id="sedi">Le sedi</h2><ul>${locations.map((l) => `<li><strong>${html(l.name)}</strong>: ${html(l.address)} · <a href="${html(l.mapUrl)}" rel="noopener">mappa di ${html(l.name)}</a></li>`).join('')}</ul></section>` : ''}
${cards.length ? cards.join('\n') : '<p>Nessun medico riceve prenotazioni in questo momento.</p>'}`;
  return page(
    frame,
    {
      title: `${practice.name} · ${practice.specialty}`,
      description: `${practice.name}: ${practice.specialty}${practice.address ? `, ${practice.address}` : ''}. I medici dello studio e le loro visite, prenotabili online.`,
      path: '/studio',
      image: practice.logoUrl,
      type: 'website',
      structured: {
        '@context': 'https://schema.org',
        '@type': 'MedicalBusiness',
        name: practice.name,
        url: absolute(origin, '/studio'),
        logo: absolute(origin, practice.logoUrl),
        medicalSpecialty: practice.specialty,
        ...(postalAddress(practice) ? { address: postalAddress(practice) } : {}),
        ...(practice.phone ? { telephone: practice.phone } : {}),
        ...(practice.email ? { email: practice.email } : {}),
        ...(locations.length ? { location: locations.map((l) => ({ '@type': 'Place', name: l.name, address: postal(l.address), hasMap: l.mapUrl })) } : {}),
        member: doctors.map((d) => physician(frame, d)),
      },
    },
    body,
  );
}

/** 404 and 410 of /medici/<slug>: a page too, so a visitor knows where to go next */
export function goneOrMissingPage(frame: PageFrame, status: 404 | 410): string {
  const text = status === 410 ? 'Questo medico non riceve più prenotazioni presso lo studio.' : 'Non c’è un medico a questo indirizzo.';
  return page(
    frame,
    {
      title: `${status === 410 ? 'Pagina non più disponibile' : 'Pagina non trovata'} · ${frame.practice.name}`,
      description: text,
      path: '/studio',
      image: null,
      type: 'website',
      structured: { '@context': 'https://schema.org', '@type': 'WebPage' },
    },
    `<h1>${status === 410 ? 'Pagina non più disponibile' : 'Pagina non trovata'}</h1><section><p>${text}</p><p><a href="/studio">I medici dello studio</a></p></section>`,
  );
}

/** GET /sitemap.xml: the practice's page and each active doctor's */
export function sitemap(origin: string, slugs: string[]): string {
  const urls = ['/studio', ...slugs.map(doctorPath)].map((p) => `<url><loc>${html(absolute(origin, p))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * GET /robots.txt: everything is closed but the public pages and what they show (an allow-list, so a private page
 * added later is closed without touching this file); the longest rule wins, as RFC 9309 says.
 */
export function robots(origin: string): string {
  return [
    'User-agent: *',
    'Disallow: /',
    'Allow: /studio$',
    'Allow: /medici/',
    'Allow: /prenota$',
    'Allow: /prenota?',
    'Allow: /api/settings/images/',
    'Allow: /assets/',
    'Allow: /favicon',
    'Allow: /logo',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
