import { useEffect } from 'react';
import { Alert } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../lib/api';
import { usePageTitle } from '../../../lib/pageTitle';
import { PATHS } from '../../../lib/paths';
import * as it from '../../../i18n/it';
import { AccountCard } from './AccountCard';
import { useConfirmEmailMutation } from './accountsApi';

/** the page of the emailed confirmation link (?token=): confirms at once */
export function ConfirmEmailPage() {
  usePageTitle(it.titles.confirmEmail);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [confirm, { isSuccess, error, isLoading, isUninitialized }] = useConfirmEmailMutation();
  useEffect(() => {
    if (token) void confirm({ token });
  }, [token, confirm]);

  return (
    <AccountCard title={it.accounts.confirmTitle}>
      {!token && <Alert variant="warning">{it.accounts.missingToken}</Alert>}
      {token && (isLoading || isUninitialized) && <p role="status">{it.accounts.confirming}</p>}
      {isSuccess && (
        <Alert variant="success" role="status">
          {it.accounts.confirmed}
        </Alert>
      )}
      {error !== undefined && (
        <Alert variant="danger" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      <hr />
      <Link to={PATHS.home} className="small">
        {it.layout.home}
      </Link>
    </AccountCard>
  );
}
