import type { Role } from '@studio/contracts';

export const PATHS = {
  login: '/login',
  home: '/home',
  availability: '/disponibilita',
} as const;

/** roles that manage availability calendars */
export const CALENDAR_ROLES: readonly Role[] = ['doctor', 'admin'];

export function canManageCalendars(role: Role): boolean {
  return CALENDAR_ROLES.includes(role);
}

/** where a user lands after login: doctors and the front desk on the calendar, others at home */
export function homePathFor(role: Role): string {
  return canManageCalendars(role) ? PATHS.availability : PATHS.home;
}
