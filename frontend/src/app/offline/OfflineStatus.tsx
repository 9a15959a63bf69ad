import * as it from '../../i18n/it';

/**
 * "Sei offline" while the device has no connection, as a status (polite: it does not interrupt what is being read).
 * Nothing at all online: an empty status region on every page would be one more "status" for every page's own.
 * Markup only: the first view draws it before the app has loaded (FirstView.tsx), OfflineBanner.tsx once it has.
 */
export function OfflineStatus({ online }: { online: boolean }) {
  if (online) return null;
  return (
    <div role="status" className="alert alert-warning mb-3 app-offline-status" data-testid="offline-banner">
      <strong>{it.offline.banner}</strong> <span>{it.offline.bannerText}</span>
    </div>
  );
}
