import { useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../lib/api';
import { usePageTitle } from '../../../lib/pageTitle';
import { PATHS } from '../../../lib/paths';
import * as it from '../../../i18n/it';
import { AccountCard } from './AccountCard';
import { useForgotPasswordMutation } from './accountsApi';

/** "Password dimenticata?": the same answer whether the address has an account or not */
export function ForgotPasswordPage() {
  usePageTitle(it.titles.forgotPassword);
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState(false);
  const [send, { data, error, isLoading }] = useForgotPasswordMutation();

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setMissing(!email.trim());
    if (email.trim()) void send({ email: email.trim() });
  };

  return (
    <AccountCard title={it.accounts.forgotTitle}>
      {data ? (
        <Alert variant="success" role="status">
          {data.message}
        </Alert>
      ) : (
        <>
          <p className="text-body-secondary">{it.accounts.forgotIntro}</p>
          {error !== undefined && !isLoading && (
            <Alert variant="danger" role="alert">
              {errorMessage(error)}
            </Alert>
          )}
          <Form noValidate onSubmit={onSubmit} aria-busy={isLoading}>
            <Form.Group className="mb-3" controlId="forgot-email">
              <Form.Label>{it.login.email}</Form.Label>
              <Form.Control
                type="email"
                name="email"
                autoComplete="username"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                isInvalid={missing}
              />
              <Form.Control.Feedback type="invalid">{it.login.emailRequired}</Form.Control.Feedback>
            </Form.Group>
            <Button type="submit" className="w-100" disabled={isLoading}>
              {isLoading ? it.accounts.sending : it.accounts.forgotSubmit}
            </Button>
          </Form>
        </>
      )}
      <hr />
      <Link to={PATHS.login} className="small">
        {it.accounts.backToLogin}
      </Link>
    </AccountCard>
  );
}
