import { usePageTitle } from '../../../lib/pageTitle';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { CONTACT_CONSENT_WORDING } from '@studio/contracts';
import { Alert, Button, Card, Form, Modal, Spinner } from 'react-bootstrap';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { api, errorMessage, useGetSessionQuery } from '../../../lib/api';
import { dayLong } from '../../../lib/dates';
import { LockableButton } from '../../../components/ui/LockableButton';
import { homePathFor, PATHS } from '../../../lib/paths';
import { useGetPracticeQuery } from '../../../lib/practiceApi';
import { clearPendingBooking, readPendingBooking } from '../../../lib/pendingBooking';
import { useAppDispatch } from '../../../lib/hooks';
import { useHoldChoice } from '../../../lib/useHoldChoice';
import { ValidatedForm } from '../../../components/ui/ValidatedForm';
import * as it from '../../../i18n/it';
import { useRegisterMutation } from './registrationApi';
import {
  EMPTY_REGISTRATION,
  PASSWORD_MIN,
  passwordValidity,
  phoneValidity,
  registrationBody,
  TAXCODE_PATTERN,
  taxcodeValidity,
  type RegistrationFields,
} from './registrationForm';
import { useCommonPasswords } from '../../../lib/useCommonPasswords';
import { framed } from '../../../lib/widgetHost';

const t = it.registration;
// only in the widget's frame: not part of the page's ordinary bundle
const WidgetNotice = lazy(() => import('../../../components/ui/WidgetNotice').then((m) => ({ default: m.WidgetNotice })));

/**
 * /registrazione (public). The form's action is the current address and its submit button
 * is enabled; class needs-validation (ValidatedForm) blocks an invalid form. A registered patient
 * is logged in; a slot chosen before registering is then held and the questionnaire step follows,
 * otherwise /home.
 */
export function RegistrationPage() {
  useCommonPasswords();
  usePageTitle(it.titles.register);
  const session = useGetSessionQuery();
  const [register, registration] = useRegisterMutation();
  const [hold, holding] = useHoldChoice();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const [fields, setFields] = useState<RegistrationFields>(EMPTY_REGISTRATION);
  const [lockKey, setLockKey] = useState(0);
  const [showPrivacy, setShowPrivacy] = useState(false);
  // the notice names the practice and its data controller as set in /impostazioni
  const practice = useGetPracticeQuery().data;
  const contacts = practice ? [practice.address, practice.email, practice.phone].filter(Boolean).join(', ') : '';
  const privacyParagraphs = [
    ...(practice ? [t.privacy.controller(practice.dataController, contacts)] : []),
    ...t.privacy.paragraphs(practice?.name ?? it.app.brand),
  ];
  const pending = useMemo(readPendingBooking, []);

  const taxcodeRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // the checks HTML attributes cannot make: the tax code's check character, the phone's digits
  useEffect(() => taxcodeRef.current?.setCustomValidity(taxcodeValidity(fields.taxcode)), [fields.taxcode]);
  useEffect(() => phoneRef.current?.setCustomValidity(phoneValidity(fields.phone)), [fields.phone]);
  // the shared password policy (contracts): a common password is refused here too, not only by the server
  useEffect(() => passwordRef.current?.setCustomValidity(passwordValidity(fields.password)), [fields.password]);

  // someone already logged in has nothing to do here (but not the patient who just registered)
  const user = session.data?.user;
  if (user && registration.isUninitialized) return <Navigate to={pending ? PATHS.booking : homePathFor(user.role)} replace />;

  const set = (name: keyof RegistrationFields) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.target.type === 'checkbox' ? e.target.checked : e.target.value;
    setFields((f) => ({ ...f, [name]: value }));
  };

  const onValid = async () => {
    try {
      const answer = await register(registrationBody(fields)).unwrap();
      // the new session's token before the hold is sent (the mutation's own update may come a tick later)
      await dispatch(api.util.upsertQueryData('getSession', undefined, { user: answer.user, csrfToken: answer.csrfToken }));
    } catch {
      setLockKey((k) => k + 1); // shown from the mutation's error; the patient corrects and retries
      return;
    }
    const choice = readPendingBooking();
    if (!choice) {
      void navigate(PATHS.home, { replace: true });
      return;
    }
    const outcome = await hold({ doctorId: choice.doctorId, availabilityId: choice.availabilityId, visitTypeId: choice.visitTypeId });
    if (!outcome.ok) {
      // taken meanwhile: the choice is gone; the booking page shows the server's message and the free hours
      if (outcome.status === 409) clearPendingBooking();
      void navigate(PATHS.booking, { replace: true });
    }
  };

  const duplicate = registration.error !== undefined && 'status' in registration.error && registration.error.status === 409;
  const busy = registration.isLoading || holding.isLoading || registration.isSuccess;

  return (
    <Card className="mx-auto shadow-sm app-registration" style={{ maxWidth: '40rem' }}>
      <Card.Body className="p-4">
        <h1 className="h3 mb-2">{t.title}</h1>
        <p className="text-body-secondary">{t.intro}</p>
        {/* in the widget's frame, where the browser blocks its cookies the registration could not succeed: said here too */}
        {framed() && (
          <Suspense fallback={null}>
            <WidgetNotice keptChoice />
          </Suspense>
        )}
        {pending && (
          <Alert variant="info" role="status">
            {t.pendingChoice(dayLong(pending.date), pending.hour)}
          </Alert>
        )}

        {registration.error !== undefined && !registration.isLoading && (
          <Alert variant="danger" role="alert">
            <p className="mb-0">{errorMessage(registration.error, t.failed)}</p>
            {duplicate && (
              <p className="mb-0 mt-2">
                {t.duplicateHint}{' '}
                <Alert.Link as={Link} to={PATHS.login} state={{ from: pending ? PATHS.booking : PATHS.home }}>
                  {t.loginInstead}
                </Alert.Link>
              </p>
            )}
          </Alert>
        )}
        {registration.isSuccess && holding.isLoading && (
          <Alert variant="info" role="status">
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            {t.holding}
          </Alert>
        )}

        <ValidatedForm
          id="registration"
          method="post"
          action={`${location.pathname}${location.search}`}
          aria-busy={busy}
          onValidSubmit={() => void onValid()}
          onInvalidSubmit={() => setLockKey((k) => k + 1)}
        >
          <div className="row g-3">
            <Form.Group className="col-sm-6" controlId="registration-name">
              <Form.Label>{t.name}</Form.Label>
              <Form.Control name="name" autoComplete="given-name" required maxLength={100} value={fields.name} onChange={set('name')} />
              <Form.Control.Feedback type="invalid">{t.errors.name}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="col-sm-6" controlId="registration-surname">
              <Form.Label>{t.surname}</Form.Label>
              <Form.Control name="surname" autoComplete="family-name" required maxLength={100} value={fields.surname} onChange={set('surname')} />
              <Form.Control.Feedback type="invalid">{t.errors.surname}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="col-sm-6" controlId="registration-email">
              <Form.Label>{t.email}</Form.Label>
              <Form.Control
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                required
                maxLength={254}
                value={fields.email}
                onChange={set('email')}
              />
              <Form.Control.Feedback type="invalid">{t.errors.email}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="col-sm-6" controlId="registration-password">
              <Form.Label>{t.password}</Form.Label>
              <Form.Control
                ref={passwordRef}
                type="password"
                name="password"
                autoComplete="new-password"
                required
                minLength={PASSWORD_MIN}
                maxLength={128}
                // minLength alone is not checked on a value set by script; the pattern always is
                pattern={`.{${PASSWORD_MIN},}`}
                aria-describedby="registration-password-help"
                value={fields.password}
                onChange={set('password')}
              />
              <Form.Text id="registration-password-help">{t.passwordHelp}</Form.Text>
              <Form.Control.Feedback type="invalid">{t.errors.password}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="col-sm-6" controlId="registration-phone">
              <Form.Label>{t.phone}</Form.Label>
              <Form.Control
                ref={phoneRef}
                type="tel"
                name="phone"
                autoComplete="tel"
                inputMode="tel"
                required
                maxLength={30}
                aria-describedby="registration-phone-help"
                value={fields.phone}
                onChange={set('phone')}
              />
              <Form.Text id="registration-phone-help">{t.phoneHelp}</Form.Text>
              <Form.Control.Feedback type="invalid">{t.errors.phone}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="col-sm-6" controlId="registration-taxcode">
              <Form.Label>{t.taxcode}</Form.Label>
              <Form.Control
                ref={taxcodeRef}
                name="taxcode"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                required
                minLength={16}
                maxLength={16}
                pattern={TAXCODE_PATTERN}
                aria-describedby="registration-taxcode-help"
                className="text-uppercase"
                value={fields.taxcode}
                onChange={set('taxcode')}
              />
              <Form.Text id="registration-taxcode-help">{t.taxcodeHelp}</Form.Text>
              <Form.Control.Feedback type="invalid">{t.errors.taxcode}</Form.Control.Feedback>
            </Form.Group>
            <fieldset className="col-12">
              <legend className="fs-6 mb-1">{t.textsLegend}</legend>
              {(['sms', 'whatsapp'] as const).map((c) => (
                <Form.Check
                  key={c}
                  id={`registration-${c}`}
                  type="checkbox"
                  name={`${c}Consent`}
                  className="mb-1"
                  checked={fields[`${c}Consent`]}
                  onChange={set(`${c}Consent`)}
                  label={
                    <>
                      <strong>{t.textsChannels[c]}</strong>
                      {/* the very words the consent event records */}
                      <span className="d-block small text-body-secondary">{CONTACT_CONSENT_WORDING[c]}</span>
                    </>
                  }
                />
              ))}
            </fieldset>
            <Form.Group className="col-12" controlId="registration-consent">
              <Form.Check type="checkbox">
                <Form.Check.Input type="checkbox" name="consent" required checked={fields.consent} onChange={set('consent')} />
                <Form.Check.Label>
                  {t.consentBefore}
                  <a
                    href="#informativa-privacy"
                    onClick={(e) => {
                      e.preventDefault();
                      setShowPrivacy(true);
                    }}
                  >
                    {t.consentLink}
                  </a>
                </Form.Check.Label>
                <Form.Control.Feedback type="invalid">{t.errors.consent}</Form.Control.Feedback>
              </Form.Check>
            </Form.Group>
          </div>

          <LockableButton type="submit" variant="primary" className="mt-4" lockKey={lockKey}>
            {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {registration.isLoading ? t.submitting : t.submit}
          </LockableButton>
        </ValidatedForm>

        <hr />
        <p className="small mb-0">
          {t.haveAccount}{' '}
          <Link to={PATHS.login} state={{ from: pending ? PATHS.booking : PATHS.home }}>
            {t.loginInstead}
          </Link>
        </p>
      </Card.Body>

      <Modal id="informativa-privacy" show={showPrivacy} onHide={() => setShowPrivacy(false)} aria-labelledby="privacy-title" centered>
        <Modal.Header closeButton closeLabel={t.privacy.close}>
          <Modal.Title id="privacy-title" as="h2" className="h5">
            {t.privacy.title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {privacyParagraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="primary" onClick={() => setShowPrivacy(false)}>
            {t.privacy.close}
          </Button>
        </Modal.Footer>
      </Modal>
    </Card>
  );
}
