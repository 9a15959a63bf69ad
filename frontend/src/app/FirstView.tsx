import type { SessionResponse } from '@studio/contracts';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Card, Container, Form } from 'react-bootstrap';
import * as it from '../i18n/it';
import { Loading } from '../components/ui/Loading';
import { DoctorSelectLoading } from '../features/scheduling/booking/DoctorSelectLoading';
import { VisitorHint } from '../features/scheduling/booking/VisitorHint';
import { MyMessagesCard } from '../features/notifications/messages/MyMessagesCard';
import { WelcomeCard } from './home/WelcomeCard';
import { PATHS } from '../lib/paths';

/** a form of the first view sends nothing: the app's own form replaces it */
const inert = (event: FormEvent) => event.preventDefault();

/** the pages outside the page frame (Layout): routes.tsx */
const OUTSIDE_FRAME = new Set<string>([PATHS.login, PATHS.forgotPassword, PATHS.resetPassword, PATHS.acceptInvitation, PATHS.confirmEmail]);

/**
 * What a page shows before the app has loaded (main.tsx): the app, with its router, store and RTK Query, comes in a
 * chunk of its own, and meanwhile this paints the same first view the app renders while its first requests are
 * pending: the page frame's header, and for /prenota and /login their heading, intro and (login) the form, inert.
 * Only React and these few components are in the first download. FirstView.spec.tsx holds it to the app's own
 * markup, so the switch to the app changes nothing on screen.
 */
export function FirstView({ path, session }: { path: string; session: Promise<SessionResponse | null> }) {
  if (path === PATHS.login) return <LoginFirstView />;
  if (OUTSIDE_FRAME.has(path)) return <Loading />;
  return (
    <FrameFirstView>
      {path === PATHS.home ? (
        <HomeFirstView session={session} />
      ) : path === PATHS.messages ? (
        <MessagesFirstView session={session} />
      ) : path === PATHS.booking ? (
        <div className="app-booking">
          <h1 className="h3">{it.booking.title}</h1>
          <p className="text-body-secondary">{it.booking.intro}</p>
          <Form id="doing_booking" method="post" action="/prenotazioni" aria-label={it.booking.formLabel} aria-busy={false} onSubmit={inert}>
            <input type="hidden" name="doctor_id" value="" />
            <input type="hidden" name="availability_id" value="0" />
            <DoctorSelectLoading />
            <BookingVisitorHint session={session} />
            <Button type="submit" variant="primary" className="lockable app-booking-submit" disabled>
              {it.booking.submitChoose}
            </Button>
          </Form>
        </div>
      ) : (
        <Loading />
      )}
    </FrameFirstView>
  );
}

/** the early session's answer once it has come (undefined until then, and null when there is none) */
function useEarlySession(session: Promise<SessionResponse | null>): SessionResponse | null | undefined {
  const [answer, setAnswer] = useState<SessionResponse | null | undefined>(undefined);
  useEffect(() => {
    let shown = true;
    void session.then((body) => shown && setAnswer(body));
    return () => {
      shown = false;
    };
  }, [session]);
  return answer;
}

/**
 * BookingPage's line for a visitor, as soon as the early session's answer says nobody is logged in: the page's
 * largest text, and what pushed the button down (layout shift) when it came only with the app.
 */
function BookingVisitorHint({ session }: { session: Promise<SessionResponse | null> }) {
  const answer = useEarlySession(session);
  if (!answer || answer.user) return null;
  return (
    <VisitorHint
      loginLink={
        <a href={PATHS.login} data-discover="true">
          {it.booking.loginLink}
        </a>
      }
    />
  );
}

/**
 * A patient's /home as HomeRoute shows it while the cards' lists are on their way: the greeting (HomeWelcome, the
 * page's largest text) and the spinner. Painted as soon as the early session's answer names a patient (earlyFetch.ts),
 * not after the app's chunks; for anyone else, the spinner.
 */
function HomeFirstView({ session }: { session: Promise<SessionResponse | null> }) {
  const user = useEarlySession(session)?.user;
  if (user?.role !== 'patient') return <Loading />;
  return (
    <>
      <WelcomeCard user={user} />
      <Loading />
    </>
  );
}

/**
 * A patient's /messaggi as MyMessagesPage shows it while the conversations are on their way: the title, the intro and
 * the 112 notice (the page's largest text, which otherwise waited for the app's chunks and the page's module), and
 * the list's spinner. For anyone else (the staff's page is another), the spinner.
 */
function MessagesFirstView({ session }: { session: Promise<SessionResponse | null> }) {
  const user = useEarlySession(session)?.user;
  if (user?.role !== 'patient') return <Loading />;
  return (
    <MyMessagesCard>
      <Loading label={it.messages.loading} />
    </MyMessagesCard>
  );
}

/** Layout's header and main before the session and the practice are known */
function FrameFirstView({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="visually-hidden-focusable app-skip-link" href="#main">
        {it.app.skipToContent}
      </a>
      <header role="banner" data-bs-theme="dark" className="app-header navbar navbar-expand navbar-light bg-primary fixed-top" data-testid="app-header">
        <Container fluid className="gap-2 flex-nowrap">
          {/* does nothing until the app takes over: said, so that nobody (nor a browser test) clicks it in vain */}
          <Button
            variant="outline-light"
            className="app-sidenav-toggle"
            aria-controls="sidenav"
            aria-expanded={false}
            aria-label={it.layout.toggleNav}
            aria-disabled
          >
            <span className="navbar-toggler-icon" aria-hidden="true" />
          </Button>
          <a className="me-auto text-truncate d-flex align-items-center gap-2 app-brand navbar-brand" href={PATHS.booking} data-discover="true">
            <span className="text-truncate">{it.app.brand}</span>
          </a>
        </Container>
      </header>
      <main id="main" tabIndex={-1} className="app-main">
        <Container fluid="lg" className="py-3">
          {children}
        </Container>
      </main>
    </>
  );
}

/** LoginPage before the practice is known; the fields are inert until the app takes over */
function LoginFirstView() {
  const practiceName = it.app.brand;
  return (
    <Container as="main" id="main" className="py-5 app-login">
      <Card className="mx-auto shadow-sm" style={{ maxWidth: '28rem' }}>
        <Card.Body className="p-4">
          <p className="text-primary fw-semibold mb-1 d-flex align-items-center gap-2 app-login-practice">
            <span>{practiceName}</span>
          </p>
          <h1 className="h3 mb-3">{it.login.title}</h1>
          <p className="text-body-secondary">{it.login.intro(practiceName)}</p>
          {/* read-only until the app takes over: what is typed here would be lost when it does */}
          <Form noValidate aria-busy={false} onSubmit={inert}>
            <Form.Group className="mb-3" controlId="login-email">
              <Form.Label>{it.login.email}</Form.Label>
              <Form.Control type="email" name="email" autoComplete="username" inputMode="email" required readOnly value="" />
              <Form.Control.Feedback type="invalid" id="login-email-error" />
            </Form.Group>
            <Form.Group className="mb-4" controlId="login-password">
              <Form.Label>{it.login.password}</Form.Label>
              <Form.Control type="password" name="password" autoComplete="current-password" required readOnly value="" />
              <Form.Control.Feedback type="invalid" id="login-password-error" />
            </Form.Group>
            <Button type="submit" variant="primary" className="w-100">
              {it.login.submit}
            </Button>
          </Form>
          <p className="small mt-3 mb-0 text-center">
            <a href={PATHS.forgotPassword} data-discover="true">
              {it.login.forgotPassword}
            </a>
          </p>
          <hr />
          <p className="small mb-1">
            {it.login.noAccount}{' '}
            <a href={PATHS.register} data-discover="true">
              {it.login.register}
            </a>
          </p>
          <p className="small mb-0">
            <a href={PATHS.booking} data-discover="true">
              {it.login.bookVisit}
            </a>
          </p>
        </Card.Body>
      </Card>
    </Container>
  );
}
