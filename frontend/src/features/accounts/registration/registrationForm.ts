/** The registration form's fields and the checks the browser makes beyond the HTML constraints. */
import { PASSWORD_MIN_LENGTH, isValidCodiceFiscale, isValidPhone, passwordPolicyProblem } from '@studio/contracts';
import * as it from '../../../i18n/it';
import type { RegistrationBody } from './registrationApi';

export type RegistrationFields = {
  name: string;
  surname: string;
  email: string;
  password: string;
  phone: string;
  taxcode: string;
  consent: boolean;
  /** reminders by SMS and WhatsApp at this number: optional, unticked */
  smsConsent: boolean;
  whatsappConsent: boolean;
};

export const EMPTY_REGISTRATION: RegistrationFields = {
  name: '',
  surname: '',
  email: '',
  password: '',
  phone: '',
  taxcode: '',
  consent: false,
  smsConsent: false,
  whatsappConsent: false,
};

export const PASSWORD_MIN = PASSWORD_MIN_LENGTH;

/** the custom validity message of the password field: the shared policy ('' when acceptable or still empty) */
export function passwordValidity(value: string): string {
  return value ? (passwordPolicyProblem(value) ?? '') : '';
}

/** the shape of a codice fiscale (omocodia allowed) for the input's pattern; the check character is checked apart */
export const TAXCODE_PATTERN =
  '[A-Za-z]{6}[0-9LMNPQRSTUVlmnpqrstuv]{2}[ABCDEHLMPRSTabcdehlmprst][0-9LMNPQRSTUVlmnpqrstuv]{2}[A-Za-z][0-9LMNPQRSTUVlmnpqrstuv]{3}[A-Za-z]';

/** the custom validity message of the tax code field: '' when valid or still empty (required says so) */
export function taxcodeValidity(value: string): string {
  const v = value.trim();
  if (!v) return '';
  return isValidCodiceFiscale(v) ? '' : it.registration.errors.taxcode;
}

/** the custom validity message of the phone field ('' when valid or empty) */
export function phoneValidity(value: string): string {
  const v = value.trim();
  if (!v) return '';
  return isValidPhone(v) ? '' : it.registration.errors.phone;
}

/** what is sent: trimmed, tax code in capitals, consent true (the form blocks without it) */
export function registrationBody(f: RegistrationFields): RegistrationBody {
  return {
    name: f.name.trim(),
    surname: f.surname.trim(),
    email: f.email.trim(),
    password: f.password,
    phone: f.phone.trim(),
    taxcode: f.taxcode.trim().toUpperCase(),
    consent: true,
    smsConsent: f.smsConsent,
    whatsappConsent: f.whatsappConsent,
  };
}
