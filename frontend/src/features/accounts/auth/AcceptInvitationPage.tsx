import { useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../lib/api';
import { usePageTitle } from '../../../lib/pageTitle';
import { homePathFor } from '../../../lib/paths';
import * as it from '../../../i18n/it';
import { AccountCard } from './AccountCard';
import { useAcceptInvitationMutation } from './accountsApi';
import { NewPasswordFields } from './NewPasswordFields';
import { validateNewPassword, type NewPasswordErrors } from './newPasswordForm';
import { useCommonPasswords } from '../../../lib/useCommonPasswords';

/** the page of the emailed invitation (?token=): the invited person chooses a password and is logged in */
export function AcceptInvitationPage() {
  useCommonPasswords();
  usePageTitle(it.titles.acceptInvitation);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [accept, { error, isLoading }] = useAcceptInvitationMutation();

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = validateNewPassword(password, repeat);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await accept({ token, password }).unwrap();
      if (answer.user) void navigate(homePathFor(answer.user.role), { replace: true });
    } catch {
      /* shown from the mutation's error */
    }
  };

  return (
    <AccountCard title={it.accounts.inviteTitle}>
      {!token ? (
        <Alert variant="warning">{it.accounts.missingToken}</Alert>
      ) : (
        <>
          <p className="text-body-secondary">{it.accounts.inviteIntro}</p>
          {error !== undefined && !isLoading && (
            <Alert variant="danger" role="alert">
              {errorMessage(error)}
            </Alert>
          )}
          <Form noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={isLoading}>
            <NewPasswordFields password={password} repeat={repeat} errors={errors} onPassword={setPassword} onRepeat={setRepeat} />
            <Button type="submit" className="w-100" disabled={isLoading}>
              {isLoading ? it.accounts.saving : it.accounts.inviteSubmit}
            </Button>
          </Form>
        </>
      )}
    </AccountCard>
  );
}
