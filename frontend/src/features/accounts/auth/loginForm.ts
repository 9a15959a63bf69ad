import * as it from '../../../i18n/it';

export type LoginFields = { email: string; password: string };
export type LoginErrors = Partial<Record<keyof LoginFields, string>>;

/** the checks the browser form does before calling the server (the server checks again) */
export function validateLogin(fields: LoginFields): LoginErrors {
  const errors: LoginErrors = {};
  if (!fields.email.trim()) errors.email = it.login.emailRequired;
  if (!fields.password) errors.password = it.login.passwordRequired;
  return errors;
}
