/**
 * Every HTTP route of a checkout, read from its controllers' source (so an older commit is probed on
 * its own routes): method, path, the roles of its @Roles (method or class), whether it is public.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** @Roles of the method, else of the class; null: none (any signed-in user, or public) */
  roles: string[] | null;
  file: string;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const rolesIn = (text: string): string[] | null => {
  const m = /@Roles\(([^)]*)\)/.exec(text);
  return m ? [...m[1].matchAll(/'([^']+)'/g)].map((r) => r[1]) : null;
};

const join2 = (a: string, b: string) =>
  '/' +
  [a, b]
    .filter(Boolean)
    .join('/')
    .replace(/\/+/g, '/')
    .replace(/^\/|\/$/g, '');

export function readRoutes(root: string): Route[] {
  const routes: Route[] = [];
  for (const file of walk(join(root, 'backend/src'))) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('@Controller(')) continue;
    // one segment per controller class
    const starts = [...text.matchAll(/@Controller\(\s*(?:'([^']*)')?\s*\)/g)];
    starts.forEach((start, i) => {
      const segment = text.slice(start.index, i + 1 < starts.length ? starts[i + 1].index : text.length);
      const prefix = start[1] ?? '';
      const classAt = segment.search(/export class/);
      const classRoles = rolesIn(segment.slice(0, classAt));
      const body = segment.slice(classAt);
      for (const m of body.matchAll(/@(Get|Post|Put|Patch|Delete)\(\s*(?:'([^']*)')?\s*\)/g)) {
        // the decorators up to the method's signature
        const rest = body.slice(m.index + m[0].length);
        const signature = rest.search(/\n\s+(?:async\s+)?\w+\s*\(/);
        const decorators = rest.slice(0, signature < 0 ? 300 : signature);
        routes.push({
          method: m[1].toUpperCase() as Route['method'],
          path: join2(prefix, m[2] ?? ''),
          roles: rolesIn(decorators) ?? classRoles,
          file: file.slice(root.length + 1),
        });
      }
    });
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** open to visitors (no session needed) by the spec: a 2xx here is never a leak */
const PUBLIC = [
  /^GET \/api\/auth\/session$/,
  /^POST \/api\/auth\/(login|logout|register|password\/forgot|password\/reset|email\/confirm|invitations\/accept)$/,
  /^GET \/api\/auth\/setup-status$/,
  /^GET \/api\/practice$/,
  /^GET \/api\/doctors$/,
  /^GET \/api\/doctors\/:id$/,
  /^GET \/api\/doctors\/:id\/days$/,
  /^GET \/api\/doctors\/:id\/visit-types$/,
  /^GET \/disponibilita\/query$/,
  /^GET \/api\/settings\/(doctors|doctors\/:doctorId|images\/:imageId)$/,
  /^GET \/api\/paypal\/config$/,
  /^POST \/api\/paypal\/webhook$/,
  /^GET \/(healthz|readyz)$/,
  /^GET \/api\/products$/,
  /^GET \/pagamenti(\/coupon)?$/,
  /^GET \/api\/calendar-feed\/:doctorId\/:file$/,
];
export const isPublic = (r: Route) => PUBLIC.some((p) => p.test(`${r.method} ${r.path}`));

/** doctor-owned GETs that anybody may read (the booking page shows them) */
const PUBLIC_DOCTOR_READS = /^\/api\/(doctors\/:id(\/days|\/visit-types)?|settings\/doctors\/:doctorId)$/;
export const publicDoctorRead = (r: Route) => r.method === 'GET' && PUBLIC_DOCTOR_READS.test(r.path);
