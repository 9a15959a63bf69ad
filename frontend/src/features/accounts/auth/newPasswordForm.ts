import { passwordPolicyProblem } from '@studio/contracts';
import * as it from '../../../i18n/it';

export type NewPasswordErrors = { password?: string; repeat?: string };

/** the browser's check of a new password: the same policy the server applies (contracts), and the two fields equal */
export function validateNewPassword(password: string, repeat: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  const problem = passwordPolicyProblem(password);
  if (problem) errors.password = problem;
  else if (password !== repeat) errors.repeat = it.accounts.passwordsDiffer;
  return errors;
}
