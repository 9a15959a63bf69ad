import {
  PASSWORD_TOO_COMMON_MESSAGE,
  PASSWORD_TOO_LONG_POLICY_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  commonPasswordsLoaded,
  loadCommonPasswords,
  passwordPolicyProblem,
} from './password-policy';

describe('password policy', () => {
  it('checks common passwords only once the list is loaded (it is loaded on demand, not with every page)', async () => {
    expect(commonPasswordsLoaded()).toBe(false);
    expect(passwordPolicyProblem('qwertyuiop')).toBeNull();
    await loadCommonPasswords();
    expect(commonPasswordsLoaded()).toBe(true);
    expect(passwordPolicyProblem('qwertyuiop')).toBe(PASSWORD_TOO_COMMON_MESSAGE);
  });
  it('refuses fewer than 10 characters, counting an accented letter once', () => {
    expect(passwordPolicyProblem('Zq8#vT2!m')).toBe(PASSWORD_TOO_SHORT_MESSAGE);
    expect(passwordPolicyProblem('Zq8#vT2!mè')).toBeNull();
  });
  it('refuses the commonly used passwords of the list, whatever their case', async () => {
    await loadCommonPasswords();
    // all three are in zxcvbn-ts's passwords-common list and have 10 characters or more
    expect(passwordPolicyProblem('qwertyuiop')).toBe(PASSWORD_TOO_COMMON_MESSAGE);
    expect(passwordPolicyProblem('1234567890')).toBe(PASSWORD_TOO_COMMON_MESSAGE);
    expect(passwordPolicyProblem('PASSWORD123')).toBe(PASSWORD_TOO_COMMON_MESSAGE);
  });
  it('accepts an uncommon password of 10 characters or more', () => {
    expect(passwordPolicyProblem('orto-di-Carlo-1987')).toBeNull();
  });
  it('refuses more than 72 bytes, which bcrypt would cut', () => {
    expect(passwordPolicyProblem('è'.repeat(37))).toBe(PASSWORD_TOO_LONG_POLICY_MESSAGE);
    expect(passwordPolicyProblem('x1'.repeat(36))).toBeNull();
  });
});
