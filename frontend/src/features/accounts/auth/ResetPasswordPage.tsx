import { useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../lib/api';
import { usePageTitle } from '../../../lib/pageTitle';
import { PATHS } from '../../../lib/paths';
import * as it from '../../../i18n/it';
import { AccountCard } from './AccountCard';
import { useResetPasswordMutation } from './accountsApi';
import { NewPasswordFields } from './NewPasswordFields';
import { validateNewPassword, type NewPasswordErrors } from './newPasswordForm';
import { useCommonPasswords } from '../../../lib/useCommonPasswords';

/** the page of the emailed reset link (?token=) */
export function ResetPasswordPage() {
  useCommonPasswords();
  usePageTitle(it.titles.resetPassword);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [reset, { isSuccess, error, isLoading }] = useResetPasswordMutation();

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = validateNewPassword(password, repeat);
    setErrors(found);
    if (Object.keys(found).length === 0) void reset({ token, password });
  };

  return (
    <AccountCard title={it.accounts.resetTitle}>
      {!token && <Alert variant="warning">{it.accounts.missingToken}</Alert>}
      {isSuccess ? (
        <Alert variant="success" role="status">
          {it.accounts.resetDone}
        </Alert>
      ) : (
        token && (
          <>
            <p className="text-body-secondary">{it.accounts.resetIntro}</p>
            {error !== undefined && !isLoading && (
              <Alert variant="danger" role="alert">
                {errorMessage(error)}
              </Alert>
            )}
            <Form noValidate onSubmit={onSubmit} aria-busy={isLoading}>
              <NewPasswordFields password={password} repeat={repeat} errors={errors} onPassword={setPassword} onRepeat={setRepeat} />
              <Button type="submit" className="w-100" disabled={isLoading}>
                {isLoading ? it.accounts.saving : it.accounts.resetSubmit}
              </Button>
            </Form>
          </>
        )
      )}
      <hr />
      <Link to={PATHS.login} className="small">
        {it.accounts.backToLogin}
      </Link>
    </AccountCard>
  );
}
