import { type Role } from '@studio/contracts';

export const roles = {
  patient: 'Paziente',
  doctor: 'Medico',
  admin: 'Segreteria',
  auditor: 'Revisore',
} as const satisfies Record<Role, string>;
