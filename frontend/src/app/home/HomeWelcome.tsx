import { Link } from 'react-router-dom';
import { useGetSessionQuery } from '../../lib/api';
import { AUDIT_PATH, PATHS } from '../../lib/paths';
import type { Role } from '@studio/contracts';
import * as it from '../../i18n/it';
import { WelcomeCard } from './WelcomeCard';

/** each role's work, one click from home */
const HOME_LINKS: Record<Role, { to: string; label: string }[]> = {
  // a patient's own bookings, just below, carry the link to book
  patient: [],
  doctor: [
    { to: PATHS.agenda, label: it.layout.agenda },
    { to: PATHS.availability, label: it.layout.availability },
    { to: PATHS.diets, label: it.layout.diets },
    { to: PATHS.questionnaires, label: it.layout.questionnaires },
    { to: PATHS.visitTypes, label: it.visitTypes.title },
    { to: PATHS.foods, label: it.layout.foods },
  ],
  admin: [
    { to: PATHS.agenda, label: it.layout.agenda },
    { to: PATHS.availability, label: it.layout.availability },
    { to: PATHS.catalog, label: it.layout.catalog },
    { to: PATHS.visitTypes, label: it.visitTypes.title },
    { to: PATHS.diets, label: it.layout.diets },
    { to: AUDIT_PATH, label: it.audit.nav },
  ],
  auditor: [{ to: AUDIT_PATH, label: it.audit.nav }],
};

/** the top of /home: whom it greets and each role's shortcuts (the route composes the rest) */
export function HomeWelcome() {
  const { data } = useGetSessionQuery();
  const user = data?.user;
  if (!user) return null;
  return (
    <WelcomeCard user={user}>
      {HOME_LINKS[user.role].length > 0 && (
        <nav aria-label={it.home.shortcuts} className="d-flex flex-wrap gap-2">
          {HOME_LINKS[user.role].map((l, i) => (
            <Link key={l.to} className={`btn ${i === 0 ? 'btn-primary' : 'btn-outline-primary'}`} to={l.to}>
              {l.label}
            </Link>
          ))}
        </nav>
      )}
    </WelcomeCard>
  );
}
