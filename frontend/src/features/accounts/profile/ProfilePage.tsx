import { passwordPolicyProblem, type MyProfile } from '@studio/contracts';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Col, Form, Row } from 'react-bootstrap';
import { useNavigate } from 'react-router-dom';
import { Loading } from '../../../components/ui/Loading';
import { errorMessage } from '../../../lib/api';
import { usePageTitle } from '../../../lib/pageTitle';
import { PATHS, homePathFor } from '../../../lib/paths';
import * as it from '../../../i18n/it';
import {
  useChangePasswordMutation,
  useGetProfileQuery,
  useLogoutEverywhereMutation,
  useResendConfirmationMutation,
  useSaveProfileMutation,
  useSwitchRoleMutation,
} from './profileApi';
import { useCommonPasswords } from '../../../lib/useCommonPasswords';
import { ContactPreferencesCard } from './ContactPreferencesCard';

function ContactForm({ profile }: { profile: MyProfile }) {
  const [fields, setFields] = useState({ name: profile.name, surname: profile.surname, phone: profile.phone ?? '', taxcode: profile.taxcode ?? '' });
  const [save, { isSuccess, error, isLoading }] = useSaveProfileMutation();
  const [resend, resent] = useResendConfirmationMutation();
  // a doctor's name is part of their public identity: the administrator changes it (Personale)
  const nameLocked = profile.roles.includes('doctor') && profile.activeRole !== 'admin';
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void save({ name: fields.name, surname: fields.surname, phone: fields.phone || undefined, taxcode: fields.taxcode.trim() || undefined });
  };
  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">{it.profile.contactTitle}</h2>
        {!profile.emailConfirmed && (
          <Alert variant="warning">
            <p className="mb-2">{it.profile.emailUnconfirmed}</p>
            {resent.isSuccess ? (
              <span role="status">{it.profile.resent}</span>
            ) : (
              <Button size="sm" variant="outline-dark" disabled={resent.isLoading} onClick={() => void resend()}>
                {it.profile.resend}
              </Button>
            )}
          </Alert>
        )}
        {isSuccess && (
          <Alert variant="success" role="status">
            {it.profile.saved}
          </Alert>
        )}
        {error !== undefined && (
          <Alert variant="danger" role="alert">
            {errorMessage(error)}
          </Alert>
        )}
        <Form onSubmit={onSubmit} aria-busy={isLoading}>
          <Row className="g-2">
            <Col md={6}>
              <Form.Group controlId="profile-name">
                <Form.Label>{it.profile.name}</Form.Label>
                <Form.Control required readOnly={nameLocked} value={fields.name} onChange={(e) => setFields({ ...fields, name: e.target.value })} />
              </Form.Group>
            </Col>
            <Col md={6}>
              <Form.Group controlId="profile-surname">
                <Form.Label>{it.profile.surname}</Form.Label>
                <Form.Control required readOnly={nameLocked} value={fields.surname} onChange={(e) => setFields({ ...fields, surname: e.target.value })} />
              </Form.Group>
            </Col>
            <Col md={6}>
              <Form.Group controlId="profile-phone">
                <Form.Label>{it.profile.phone}</Form.Label>
                <Form.Control type="tel" autoComplete="tel" value={fields.phone} onChange={(e) => setFields({ ...fields, phone: e.target.value })} />
              </Form.Group>
            </Col>
            {profile.taxcode !== undefined && (
              <Col md={6}>
                <Form.Group controlId="profile-taxcode">
                  <Form.Label>{it.profile.taxcode}</Form.Label>
                  <Form.Control
                    autoComplete="off"
                    maxLength={16}
                    aria-describedby="profile-taxcode-help"
                    value={fields.taxcode}
                    onChange={(e) => setFields({ ...fields, taxcode: e.target.value })}
                  />
                  <Form.Text id="profile-taxcode-help">{it.profile.taxcodeHelp}</Form.Text>
                </Form.Group>
              </Col>
            )}
            <Col md={6}>
              <Form.Group controlId="profile-email">
                <Form.Label>{it.profile.email}</Form.Label>
                <Form.Control type="email" value={profile.email} readOnly plaintext />
              </Form.Group>
            </Col>
          </Row>
          {nameLocked && <Form.Text className="d-block mt-2">{it.profile.nameByAdmin}</Form.Text>}
          <Button type="submit" className="mt-3" disabled={isLoading}>
            {it.profile.save}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}

function PasswordForm() {
  useCommonPasswords();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [change, { isSuccess, error, isLoading }] = useChangePasswordMutation();
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = passwordPolicyProblem(next) ?? (next !== repeat ? it.accounts.passwordsDiffer : null);
    setProblem(found);
    if (found) return;
    try {
      await change({ currentPassword: current, newPassword: next }).unwrap();
      setCurrent('');
      setNext('');
      setRepeat('');
    } catch {
      /* shown below */
    }
  };
  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">{it.profile.passwordTitle}</h2>
        {isSuccess && (
          <Alert variant="success" role="status">
            {it.profile.passwordChanged}
          </Alert>
        )}
        {(problem ?? error) && (
          <Alert variant="danger" role="alert">
            {problem ?? errorMessage(error)}
          </Alert>
        )}
        <Form noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={isLoading}>
          <Form.Group className="mb-2" controlId="profile-current-password">
            <Form.Label>{it.profile.currentPassword}</Form.Label>
            <Form.Control type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
          </Form.Group>
          <Form.Group className="mb-2" controlId="profile-new-password">
            <Form.Label>{it.accounts.newPassword}</Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              value={next}
              onChange={(e) => setNext(e.target.value)}
              aria-describedby="profile-password-help"
            />
            <Form.Text id="profile-password-help">{it.accounts.passwordHelp}</Form.Text>
          </Form.Group>
          <Form.Group className="mb-3" controlId="profile-repeat-password">
            <Form.Label>{it.accounts.repeatPassword}</Form.Label>
            <Form.Control type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} />
          </Form.Group>
          <Button type="submit" disabled={isLoading}>
            {it.profile.changePassword}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}

/** "Il mio profilo", for every role: contact details, password, sessions, the role a many-role account works in */
export function ProfilePage() {
  usePageTitle(it.titles.profile);
  const navigate = useNavigate();
  const { data, error, isLoading } = useGetProfileQuery();
  const [logoutEverywhere, logoutState] = useLogoutEverywhereMutation();
  const [switchRole, switchState] = useSwitchRoleMutation();
  const heading = <h1 className="h3 mb-3">{it.profile.title}</h1>;
  if (isLoading)
    return (
      <>
        {heading}
        <Loading label={it.profile.loading} />
      </>
    );
  if (!data)
    return (
      <>
        {heading}
        <Alert variant="danger">{errorMessage(error, it.profile.error)}</Alert>
      </>
    );
  return (
    <>
      {heading}
      <ContactForm profile={data} />
      {data.activeRole === 'patient' && <ContactPreferencesCard />}
      <PasswordForm />
      {data.roles.length > 1 && (
        <Card className="mb-4">
          <Card.Body>
            <h2 className="h5">{it.profile.rolesTitle}</h2>
            <p>{it.profile.rolesIntro}</p>
            {switchState.error !== undefined && <Alert variant="danger">{errorMessage(switchState.error)}</Alert>}
            {data.roles.map((role) => (
              <Button
                key={role}
                className="me-2"
                variant={role === data.activeRole ? 'primary' : 'outline-primary'}
                disabled={role === data.activeRole || switchState.isLoading}
                onClick={() =>
                  void switchRole({ role })
                    .unwrap()
                    .then(
                      () => navigate(homePathFor(role)),
                      () => undefined,
                    )
                }
              >
                {it.roles[role]}
              </Button>
            ))}
          </Card.Body>
        </Card>
      )}
      <Card className="mb-4">
        <Card.Body>
          <h2 className="h5">{it.profile.sessionsTitle}</h2>
          <p>{it.profile.sessionsIntro}</p>
          <Button
            variant="outline-danger"
            disabled={logoutState.isLoading}
            onClick={() =>
              void logoutEverywhere()
                .unwrap()
                .then(
                  () => navigate(PATHS.login, { replace: true }),
                  () => undefined,
                )
            }
          >
            {it.profile.logoutEverywhere}
          </Button>
        </Card.Body>
      </Card>
    </>
  );
}
