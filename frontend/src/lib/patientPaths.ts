import type { Role } from '@studio/contracts';
import { PATHS } from './paths';

// out of paths.ts: the pages of the first load (/prenota, /login) do not need it
/**
 * Where a booking's patient is: a doctor's patient record (theirs once the visit is paid), the segreteria's patients
 * list searched by the name (she may not read the record); null for a booking the doctor does not treat yet
 */
export function patientPathFor(role: Role | undefined, patient: { id: string; name: string; surname: string }, treated: boolean): string | null {
  if (role === 'doctor') return treated ? `/pazienti/${encodeURIComponent(patient.id)}` : null;
  if (role === 'admin') return `${PATHS.patients}?${new URLSearchParams({ q: `${patient.name} ${patient.surname}`.trim() }).toString()}`;
  return null;
}
