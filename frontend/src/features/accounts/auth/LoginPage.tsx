import { setPracticeName, usePageTitle } from '../../../lib/pageTitle';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Container, Form, Spinner } from 'react-bootstrap';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { errorMessage, useGetSessionQuery, useLoginMutation } from '../../../lib/api';
import { homePathFor, PATHS, safeReturnPath } from '../../../lib/paths';
import { useGetPracticeQuery } from '../../../lib/practiceApi';
import * as it from '../../../i18n/it';
import { validateLogin, type LoginErrors } from './loginForm';
import { useGetSetupStatusQuery } from './accountsApi';
import { framed } from '../../../lib/widgetHost';

// only in the widget's frame: not part of the page's ordinary bundle
const WidgetNotice = lazy(() => import('../../../components/ui/WidgetNotice').then((m) => ({ default: m.WidgetNotice })));

export function LoginPage() {
  usePageTitle(it.titles.login);
  const { data: session } = useGetSessionQuery();
  const [login, { isLoading, error }] = useLoginMutation();
  const navigate = useNavigate();
  const location = useLocation();
  // where RequireAuth or the booking page sent the visitor from: back there after login
  const from = safeReturnPath((location.state as { from?: unknown } | null)?.from);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  // a practice with no staff account yet: say how to create the first administrator
  const { data: setup } = useGetSetupStatusQuery();
  // the practice as set in /impostazioni: the login page is outside the page frame, so it names it itself
  const practice = useGetPracticeQuery().data;
  const practiceName = practice?.name ?? it.app.brand;
  useEffect(() => setPracticeName(practiceName), [practiceName]);

  if (session?.user && !isLoading) return <Navigate to={from ?? homePathFor(session.user.role)} replace />;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = validateLogin({ email, password });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await login({ email: email.trim(), password }).unwrap();
      void navigate(from ?? homePathFor(answer.user.role), { replace: true });
    } catch {
      /* shown from the mutation's error */
    }
  };

  return (
    <Container as="main" id="main" className="py-5 app-login">
      <Card className="mx-auto shadow-sm" style={{ maxWidth: '28rem' }}>
        <Card.Body className="p-4">
          <p className="text-primary fw-semibold mb-1 d-flex align-items-center gap-2 app-login-practice">
            {practice && <img src={practice.logoUrl} alt="" width={32} height={32} className="app-logo" />}
            <span>{practiceName}</span>
          </p>
          <h1 className="h3 mb-3">{it.login.title}</h1>
          <p className="text-body-secondary">{it.login.intro(practiceName)}</p>
          {/* in the widget's frame, where the browser blocks its cookies the login could not succeed: said here too */}
          {framed() && (
            <Suspense fallback={null}>
              <WidgetNotice keptChoice />
            </Suspense>
          )}
          {setup?.needsSetup && (
            <Alert variant="info" role="status">
              <p className="mb-1 fw-semibold">{it.login.setupNeeded}</p>
              <p className="mb-1">{it.login.setupHow}</p>
              <code className="d-block text-break">{setup.command}</code>
            </Alert>
          )}
          {error !== undefined && !isLoading && (
            <Alert variant="danger" role="alert">
              {errorMessage(error, it.login.failed)}
            </Alert>
          )}
          <Form noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={isLoading}>
            <Form.Group className="mb-3" controlId="login-email">
              <Form.Label>{it.login.email}</Form.Label>
              <Form.Control
                type="email"
                name="email"
                autoComplete="username"
                inputMode="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                isInvalid={Boolean(errors.email)}
                aria-describedby={errors.email ? 'login-email-error' : undefined}
              />
              <Form.Control.Feedback type="invalid" id="login-email-error">
                {errors.email}
              </Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="mb-4" controlId="login-password">
              <Form.Label>{it.login.password}</Form.Label>
              <Form.Control
                type="password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                isInvalid={Boolean(errors.password)}
                aria-describedby={errors.password ? 'login-password-error' : undefined}
              />
              <Form.Control.Feedback type="invalid" id="login-password-error">
                {errors.password}
              </Form.Control.Feedback>
            </Form.Group>
            <Button type="submit" variant="primary" className="w-100" disabled={isLoading}>
              {isLoading ? (
                <>
                  <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                  {it.login.submitting}
                </>
              ) : (
                it.login.submit
              )}
            </Button>
          </Form>
          <p className="small mt-3 mb-0 text-center">
            <Link to={PATHS.forgotPassword}>{it.login.forgotPassword}</Link>
          </p>
          <hr />
          <p className="small mb-1">
            {it.login.noAccount} <Link to={PATHS.register}>{it.login.register}</Link>
          </p>
          <p className="small mb-0">
            <Link to={PATHS.booking}>{it.login.bookVisit}</Link>
          </p>
        </Card.Body>
      </Card>
    </Container>
  );
}
