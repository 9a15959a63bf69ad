import { REMINDER_CHANNELS, type ReminderChannel, type ReminderSettings, type ReminderSettingsView } from '@studio/contracts';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form, ListGroup } from 'react-bootstrap';
import { QuerySection } from '../../components/ui/QuerySection';
import * as it from '../../i18n/it';
import { errorMessage } from '../../lib/api';
import { useGetReminderSettingsQuery, useSaveReminderSettingsMutation } from './settingsApi';

const t = it.settings;
const euro = (cents: number) => new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** every channel in the practice's order: the chosen ones first, as tried, then the others */
const ordered = (chosen: ReminderChannel[]): ReminderChannel[] => [...chosen, ...REMINDER_CHANNELS.filter((c) => !chosen.includes(c))];

function RemindersForm({ view }: { view: ReminderSettingsView }) {
  const [order, setOrder] = useState<ReminderChannel[]>(ordered(view.settings.channels));
  const [on, setOn] = useState<Set<ReminderChannel>>(new Set(view.settings.channels));
  const [hours, setHours] = useState(view.settings.hoursBefore.join(', '));
  const [quiet, setQuiet] = useState(view.settings.quietHours ?? { from: '21:00', to: '08:00' });
  const [quietOn, setQuietOn] = useState(view.settings.quietHours !== null);
  const [provider, setProvider] = useState(view.settings.whatsappProvider);
  const [senderName, setSenderName] = useState(view.settings.senderName);
  const [save, saving] = useSaveReminderSettingsMutation();
  const moveUp = (i: number) => setOrder((o) => [...o.slice(0, i - 1), o[i], o[i - 1], ...o.slice(i + 1)]);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const settings: ReminderSettings = {
      channels: order.filter((c) => on.has(c)),
      hoursBefore: hours
        .split(',')
        .map((h) => Number(h.trim()))
        .filter((h) => h !== 0 && !Number.isNaN(h)),
      quietHours: quietOn ? quiet : null,
      whatsappProvider: provider,
      senderName,
    };
    void save(settings);
  };
  return (
    <Form onSubmit={onSubmit} aria-busy={saving.isLoading}>
      <ListGroup as="ol" numbered className="mb-3">
        {order.map((c, i) => (
          <ListGroup.Item as="li" key={c} className="d-flex align-items-center gap-2 flex-wrap">
            <Form.Check
              id={`reminder-channel-${c}`}
              type="switch"
              label={t.channelNames[c]}
              checked={on.has(c)}
              onChange={(e) => setOn((s) => (e.target.checked ? new Set([...s, c]) : new Set([...s].filter((x) => x !== c))))}
            />
            {i > 0 && (
              <Button size="sm" variant="outline-secondary" className="ms-auto" aria-label={t.moveUp(t.channelNames[c])} onClick={() => moveUp(i)}>
                ↑
              </Button>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
      <Form.Group controlId="reminder-hours" className="mb-3">
        <Form.Label>{t.hoursBefore}</Form.Label>
        <Form.Control value={hours} inputMode="numeric" aria-describedby="reminder-hours-help" onChange={(e) => setHours(e.target.value)} />
        <Form.Text id="reminder-hours-help">{t.hoursBeforeHelp}</Form.Text>
      </Form.Group>
      <fieldset className="mb-3">
        <Form.Check id="reminder-quiet" type="switch" label={t.quietHours} checked={quietOn} onChange={(e) => setQuietOn(e.target.checked)} />
        {quietOn && (
          <div className="d-flex gap-2 mt-2">
            <Form.Group controlId="reminder-quiet-from">
              <Form.Label>{t.quietFrom}</Form.Label>
              <Form.Control type="time" value={quiet.from} onChange={(e) => setQuiet({ ...quiet, from: e.target.value })} />
            </Form.Group>
            <Form.Group controlId="reminder-quiet-to">
              <Form.Label>{t.quietTo}</Form.Label>
              <Form.Control type="time" value={quiet.to} onChange={(e) => setQuiet({ ...quiet, to: e.target.value })} />
            </Form.Group>
          </div>
        )}
      </fieldset>
      <Form.Group controlId="reminder-provider" className="mb-3">
        <Form.Label>{t.whatsappProvider}</Form.Label>
        <Form.Select value={provider} onChange={(e) => setProvider(e.target.value as ReminderSettings['whatsappProvider'])}>
          {(['meta', 'twilio'] as const).map((p) => (
            <option key={p} value={p}>
              {t.providers[p]}
              {view.providers[p] ? '' : ` (${t.notConfigured})`}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group controlId="reminder-sender" className="mb-3">
        <Form.Label>{t.senderName}</Form.Label>
        <Form.Control value={senderName} maxLength={11} aria-describedby="reminder-sender-help" onChange={(e) => setSenderName(e.target.value)} />
        <Form.Text id="reminder-sender-help">{t.senderNameHelp}</Form.Text>
      </Form.Group>
      <h3 className="h6">{t.previewsTitle}</h3>
      <ul className="list-unstyled small">
        {view.previews.map((p) => (
          <li key={p.kind} className="mb-2">
            <span className="d-block text-break">{p.text}</span>
            <span className="text-body-secondary">{t.segments(p.segments, p.encoding, euro(p.estimatedCents))}</span>
          </li>
        ))}
      </ul>
      {saving.isError && (
        <Alert variant="danger" role="alert">
          {errorMessage(saving.error)}
        </Alert>
      )}
      {saving.isSuccess && (
        <Alert variant="success" role="status">
          {t.remindersSaved}
        </Alert>
      )}
      <Button type="submit" disabled={saving.isLoading}>
        {t.saveReminders}
      </Button>
    </Form>
  );
}

/** /impostazioni (administrator): the practice's reminders, applied at once */
export function ReminderSettingsCard() {
  const query = useGetReminderSettingsQuery();
  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">{t.remindersTitle}</h2>
        <p className="small text-body-secondary">{t.remindersIntro}</p>
        <QuerySection query={query} loadingLabel={t.remindersLoading} errorText={t.remindersError} retry={false} />
        {query.data && <RemindersForm view={query.data} />}
      </Card.Body>
    </Card>
  );
}
