import type { DeactivationAnswer, StaffMember, StaffRole } from '@studio/contracts';
import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Col, Form, Row, Table } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { Loading } from '../../../components/ui/Loading';
import { errorMessage } from '../../../lib/api';
import { usePageTitle } from '../../../lib/pageTitle';
import { PATHS } from '../../../lib/paths';
import * as it from '../../../i18n/it';
import {
  useDeactivateStaffMutation,
  useGetStaffQuery,
  useInviteStaffMutation,
  useReactivateStaffMutation,
  useRenameStaffMutation,
  useSetStaffRolesMutation,
} from './staffApi';

const STAFF_ROLES: StaffRole[] = ['doctor', 'admin', 'auditor'];
const when = (iso: string) => new Intl.DateTimeFormat('it-IT', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
const visitTime = (wallClock: string) =>
  new Intl.DateTimeFormat('it-IT', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(
    new Date(wallClock),
  );

function InviteForm() {
  const [fields, setFields] = useState({ email: '', name: '', surname: '', role: 'doctor' as StaffRole });
  const [invite, { data, error, isLoading, reset }] = useInviteStaffMutation();
  const set = (k: keyof typeof fields) => (e: { target: { value: string } }) => {
    reset();
    setFields({ ...fields, [k]: e.target.value });
  };
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    try {
      await invite({ ...fields, email: fields.email.trim() }).unwrap();
      setFields({ email: '', name: '', surname: '', role: fields.role });
    } catch {
      /* shown below */
    }
  };
  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">{it.staff.inviteTitle}</h2>
        {data && (
          <Alert variant="success" role="status">
            {it.staff.invited(data.email)}
          </Alert>
        )}
        {error !== undefined && (
          <Alert variant="danger" role="alert">
            {errorMessage(error)}
          </Alert>
        )}
        <Form onSubmit={(e) => void onSubmit(e)} aria-busy={isLoading}>
          <Row className="g-2 align-items-end">
            <Col md={3}>
              <Form.Group controlId="invite-name">
                <Form.Label>{it.staff.name}</Form.Label>
                <Form.Control required value={fields.name} onChange={set('name')} />
              </Form.Group>
            </Col>
            <Col md={3}>
              <Form.Group controlId="invite-surname">
                <Form.Label>{it.staff.surname}</Form.Label>
                <Form.Control required value={fields.surname} onChange={set('surname')} />
              </Form.Group>
            </Col>
            <Col md={3}>
              <Form.Group controlId="invite-email">
                <Form.Label>{it.staff.email}</Form.Label>
                <Form.Control type="email" required value={fields.email} onChange={set('email')} />
              </Form.Group>
            </Col>
            <Col md={2}>
              <Form.Group controlId="invite-role">
                <Form.Label>{it.staff.role}</Form.Label>
                <Form.Select value={fields.role} onChange={set('role')}>
                  {STAFF_ROLES.map((r) => (
                    <option key={r} value={r}>
                      {it.roles[r]}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            </Col>
            <Col md={1}>
              <Button type="submit" disabled={isLoading} className="w-100">
                {it.staff.invite}
              </Button>
            </Col>
          </Row>
        </Form>
      </Card.Body>
    </Card>
  );
}

/** the administrator renames a member of staff (for a doctor, their public name): a small form in the row */
function RenameForm({ member }: { member: StaffMember }) {
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState({ name: '', surname: '' });
  const [rename, state] = useRenameStaffMutation();
  if (!open)
    return (
      <Button size="sm" variant="link" className="p-0" onClick={() => setOpen(true)}>
        {it.staff.rename}
      </Button>
    );
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if ('data' in (await rename({ id: member.id, ...fields }))) (setOpen(false), setFields({ name: '', surname: '' }));
  };
  return (
    <Form className="mt-1" onSubmit={(e) => void onSubmit(e)} aria-label={it.staff.rename}>
      <Form.Control
        size="sm"
        className="mb-1"
        required
        aria-label={it.staff.name}
        placeholder={it.staff.name}
        value={fields.name}
        onChange={(e) => setFields({ ...fields, name: e.target.value })}
      />
      <Form.Control
        size="sm"
        className="mb-1"
        required
        aria-label={it.staff.surname}
        placeholder={it.staff.surname}
        value={fields.surname}
        onChange={(e) => setFields({ ...fields, surname: e.target.value })}
      />
      {member.roles.includes('doctor') && <Form.Text className="d-block">{it.staff.renameHelp}</Form.Text>}
      {state.error !== undefined && (
        <div className="small text-danger" role="alert">
          {errorMessage(state.error)}
        </div>
      )}
      <Button size="sm" type="submit" disabled={state.isLoading} className="me-2">
        {it.staff.saveName}
      </Button>
      <Button size="sm" variant="outline-secondary" onClick={() => setOpen(false)}>
        {it.staff.cancel}
      </Button>
    </Form>
  );
}

function MemberRow({ member, onDeactivated }: { member: StaffMember; onDeactivated: (answer: DeactivationAnswer) => void }) {
  const [roles, setRoles] = useState<StaffRole[]>(member.roles.filter((r): r is StaffRole => r !== 'patient'));
  const [saveRoles, rolesState] = useSetStaffRolesMutation();
  const [deactivate, deactivateState] = useDeactivateStaffMutation();
  const [reactivate, reactivateState] = useReactivateStaffMutation();
  const error = rolesState.error ?? deactivateState.error ?? reactivateState.error;
  const changed = roles.length !== member.roles.length || roles.some((r) => !member.roles.includes(r));
  const onDeactivate = async () => {
    if (!window.confirm(it.staff.confirmDeactivate(member.name))) return;
    try {
      onDeactivated(await deactivate(member.id).unwrap());
    } catch {
      /* shown in the row */
    }
  };
  return (
    <tr>
      <td>
        {member.name}
        <div className="small text-body-secondary">{member.email}</div>
        <RenameForm member={member} />
      </td>
      <td>
        {STAFF_ROLES.map((r) => (
          <Form.Check
            key={r}
            inline
            id={`roles-${member.id}-${r}`}
            label={it.roles[r]}
            checked={roles.includes(r)}
            onChange={(e) => setRoles(e.target.checked ? [...roles, r] : roles.filter((x) => x !== r))}
          />
        ))}
        {changed && (
          <Button size="sm" variant="outline-primary" disabled={rolesState.isLoading} onClick={() => void saveRoles({ id: member.id, roles })}>
            {it.staff.saveRoles}
          </Button>
        )}
      </td>
      <td>
        <Badge bg={member.status === 'active' ? 'success' : member.status === 'invited' ? 'info' : 'secondary'}>{it.staff.statuses[member.status]}</Badge>
        {member.invitationExpiresAt && <div className="small text-body-secondary">{it.staff.invitationUntil(when(member.invitationExpiresAt))}</div>}
        {error !== undefined && (
          <div className="small text-danger" role="alert">
            {errorMessage(error)}
          </div>
        )}
      </td>
      <td>
        {member.status === 'deactivated' ? (
          <Button size="sm" variant="outline-success" disabled={reactivateState.isLoading} onClick={() => void reactivate(member.id)}>
            {it.staff.reactivate}
          </Button>
        ) : (
          <Button size="sm" variant="outline-danger" disabled={deactivateState.isLoading} onClick={() => void onDeactivate()}>
            {it.staff.deactivate}
          </Button>
        )}
      </td>
    </tr>
  );
}

/** /staff: invite, list, change roles, deactivate and reactivate the practice's accounts (administrator) */
export function StaffPage() {
  usePageTitle(it.titles.staff);
  const { data, error, isLoading } = useGetStaffQuery();
  const [deactivated, setDeactivated] = useState<DeactivationAnswer | null>(null);
  return (
    <>
      <h1 className="h3 mb-3">{it.staff.title}</h1>
      <InviteForm />
      {deactivated && deactivated.member.roles.includes('doctor') && (
        <Alert variant="warning" dismissible onClose={() => setDeactivated(null)}>
          <p className="fw-semibold mb-1">{it.staff.futureTitle(deactivated.member.name)}</p>
          {deactivated.futureBookings.length === 0 ? (
            <p className="mb-0">{it.staff.noFuture}</p>
          ) : (
            <ul className="mb-1">
              {deactivated.futureBookings.map((b) => (
                <li key={b.bookingId}>
                  {visitTime(b.start)} - {b.patientName}
                </li>
              ))}
            </ul>
          )}
          {deactivated.futureBookings.length > 0 && <Link to={`${PATHS.agenda}?for=${encodeURIComponent(deactivated.member.id)}`}>{it.staff.openAgenda}</Link>}
        </Alert>
      )}
      <h2 className="h5">{it.staff.listTitle}</h2>
      {isLoading && <Loading label={it.staff.loading} />}
      {error !== undefined && <Alert variant="danger">{errorMessage(error, it.staff.error)}</Alert>}
      {data && (
        <Table responsive hover>
          <thead>
            <tr>
              <th scope="col">{it.staff.name}</th>
              <th scope="col">{it.staff.roles}</th>
              <th scope="col">{it.staff.status}</th>
              <th scope="col">{it.staff.actions}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((m) => (
              <MemberRow key={`${m.id}-${m.roles.join()}-${m.status}`} member={m} onDeactivated={setDeactivated} />
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
