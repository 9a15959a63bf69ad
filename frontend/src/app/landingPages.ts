import { AUDIT_PATH, PATHS } from '../lib/paths';

// the pages each role lands on after logging in (homePathFor), and /messaggi: their modules, loaded by their routes (routes.tsx)
export const loadHomePage = () => import('./HomeRoute');
export const loadAvailabilityPage = () => import('../features/scheduling/availability/AvailabilityPage');
export const loadAuditPage = () => import('../features/audit/AuditPage');
// not where a login lands, but a page opened directly (a bookmark, the installed app's last page): without the
// preload its module, and then its list, waited for the app's chunk to download and run
export const loadMessagesPage = () => import('../features/notifications/messages/MessagesPage');

const LANDING_PAGES: Readonly<Record<string, () => Promise<unknown>>> = {
  [PATHS.home]: loadHomePage,
  [PATHS.availability]: loadAvailabilityPage,
  [AUDIT_PATH]: loadAuditPage,
  [PATHS.messages]: loadMessagesPage,
};

/**
 * Requests the module of the landing page at `path`, if it is one, beside the app's chunk (main.tsx): otherwise the
 * page's code, and then its data, would wait for the app to download and run first, one round trip after the other.
 * The route's own import gets the same module; a failure is its to show, not this one's.
 */
export function preloadLandingPage(path: string): void {
  LANDING_PAGES[path]?.().catch(() => undefined);
}
