import { CONTACT_CHANNELS, type ContactChannel, type ContactPreferencesView } from '@studio/contracts';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { Loading } from '../../../components/ui/Loading';
import { errorMessage } from '../../../lib/api';
import * as it from '../../../i18n/it';
import { useGetContactPreferencesQuery, useSaveContactPreferencesMutation } from './contactPreferencesApi';

function ChannelsForm({ view }: { view: ContactPreferencesView }) {
  const [channels, setChannels] = useState<Record<ContactChannel, boolean>>(view.channels);
  const [phone, setPhone] = useState(view.phone ?? '');
  const [save, { isSuccess, error, isLoading }] = useSaveContactPreferencesMutation();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void save({ ...channels, ...(phone.trim() ? { phone: phone.trim() } : {}) });
  };
  return (
    <Form onSubmit={onSubmit} aria-busy={isLoading}>
      {isSuccess && (
        <Alert variant="success" role="status">
          {it.profile.channelsSaved}
        </Alert>
      )}
      {error !== undefined && (
        <Alert variant="danger" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      {CONTACT_CHANNELS.map((c) => (
        <Form.Check
          key={c}
          id={`channel-${c}`}
          type="switch"
          className="mb-2"
          checked={channels[c]}
          onChange={(e) => setChannels({ ...channels, [c]: e.target.checked })}
          label={
            <>
              <strong>{it.profile.channelNames[c]}</strong>
              <span className="d-block small text-body-secondary">{view.wording[c]}</span>
            </>
          }
        />
      ))}
      <Form.Group controlId="profile-mobile" className="mb-3">
        <Form.Label>{it.profile.mobile}</Form.Label>
        <Form.Control type="tel" autoComplete="tel" value={phone} aria-describedby="profile-mobile-help" onChange={(e) => setPhone(e.target.value)} />
        <Form.Text id="profile-mobile-help">{it.profile.mobileHelp}</Form.Text>
      </Form.Group>
      <Button type="submit" disabled={isLoading}>
        {it.profile.saveChannels}
      </Button>
    </Form>
  );
}

/** /profilo: the patient's channels for confirmations and reminders (consent recorded as events) and their mobile */
export function ContactPreferencesCard() {
  const { data, error, isLoading } = useGetContactPreferencesQuery();
  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">{it.profile.channelsTitle}</h2>
        <p>{it.profile.channelsIntro}</p>
        {isLoading ? (
          <Loading label={it.profile.channelsLoading} />
        ) : data ? (
          <ChannelsForm view={data} />
        ) : (
          <Alert variant="danger">{errorMessage(error)}</Alert>
        )}
      </Card.Body>
    </Card>
  );
}
