import type { LocationRequest, LocationView } from '@studio/contracts';
import { type FormEvent, useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import * as it from '../../i18n/it';
import { errorMessage } from '../../lib/api';
import { useCreateLocationMutation, useUpdateLocationMutation } from './settingsApi';
import { useGetLocationsQuery } from '../../lib/practiceApi';

const t = it.settings;
const EMPTY = { name: '', address: '', phone: '', notes: '', rooms: '' };

/**
 * the administrator's locations of the practice: the list, a new one with its rooms (one a line), and one edited in the
 * same form (a room whose line keeps its name keeps its id, so the visits booked in it keep it; a line taken away
 * removes the room)
 */
export function LocationsPanel() {
  const locations = useGetLocationsQuery();
  const [create, creating] = useCreateLocationMutation();
  const [update, updating] = useUpdateLocationMutation();
  const [draft, setDraft] = useState(EMPTY);
  const [editing, setEditing] = useState<LocationView | null>(null);
  const [done, setDone] = useState(false);
  const saving = editing ? updating : creating;
  const edit = (l: LocationView | null) => {
    setEditing(l);
    setDone(false);
    setDraft(l ? { name: l.name, address: l.address, phone: l.phone, notes: l.notes, rooms: l.rooms.map((r) => r.name).join('\n') } : EMPTY);
  };
  const set = (patch: Partial<typeof EMPTY>) => (setDraft({ ...draft, ...patch }), setDone(false));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const rooms = draft.rooms
      .split('\n')
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name) => ({ name }));
    const body: LocationRequest = { name: draft.name, address: draft.address, phone: draft.phone, notes: draft.notes, rooms };
    const kept = (name: string) => editing?.rooms.find((r) => r.name.toLocaleLowerCase('it') === name.toLocaleLowerCase('it'))?.id;
    const result = editing
      ? await update({ id: editing.id, body: { ...body, rooms: rooms.map((r) => ({ ...r, ...(kept(r.name) ? { id: kept(r.name) } : {}) })) } })
      : await create(body);
    if (!('error' in result)) (edit(null), setDone(true));
  };
  const field = (name: 'name' | 'address' | 'phone' | 'notes', label: string, required = false) => (
    <Form.Group className="col-12 col-md-6" controlId={`settings-location-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control value={draft[name]} required={required} onChange={(e) => set({ [name]: e.target.value })} />
    </Form.Group>
  );
  return (
    <Card className="mt-4">
      <Card.Body>
        <h2 className="h5">{t.locationsTitle}</h2>
        <p className="small text-body-secondary">{t.locationsIntro}</p>
        {locations.data && locations.data.length > 0 && (
          <ul>
            {locations.data.map((l) => (
              <li key={l.id}>
                <strong>{l.name}</strong>: {l.address}
                {l.rooms.length > 0 && <> · {t.roomsOf(l.rooms.map((r) => r.name).join(', '))}</>}{' '}
                <Button variant="link" size="sm" className="p-0 align-baseline" onClick={() => edit(l)} aria-label={t.editLocationOf(l.name)}>
                  {t.editLocation}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <Form onSubmit={(e) => void submit(e)} className="row g-3" aria-label={editing ? t.editLocationOf(editing.name) : t.newLocation}>
          {editing && <h3 className="h6 col-12 mb-0">{t.editLocationOf(editing.name)}</h3>}
          {field('name', t.locationName, true)}
          {field('address', t.locationAddress, true)}
          {field('phone', t.phone)}
          {field('notes', t.locationNotes)}
          <Form.Group className="col-12" controlId="settings-location-rooms">
            <Form.Label>{t.locationRooms}</Form.Label>
            <Form.Control as="textarea" rows={2} value={draft.rooms} onChange={(e) => set({ rooms: e.target.value })} />
          </Form.Group>
          <div className="col-12" aria-live="polite">
            {saving.isError && <Alert variant="danger">{errorMessage(saving.error)}</Alert>}
            {done && (
              <Alert variant="success" role="status">
                {t.saved}
              </Alert>
            )}
            <Button type="submit" disabled={saving.isLoading}>
              {editing ? t.saveLocation : t.addLocation}
            </Button>
            {editing && (
              <Button variant="link" onClick={() => edit(null)}>
                {t.cancelEdit}
              </Button>
            )}
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}
