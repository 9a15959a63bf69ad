import { Alert, Button, Card, Form, InputGroup } from 'react-bootstrap';
import { errorMessage } from '../../../lib/api';
import * as it from '../../../i18n/it';
import { useGetCalendarFeedQuery, useRegenerateCalendarFeedMutation, useSetCalendarFeedNamesMutation } from './calendarFeedApi';

const t = it.calendarFeed;

/** /home for a doctor: the secret URL their calendar app subscribes to */
export function CalendarFeedCard() {
  const feed = useGetCalendarFeedQuery();
  const [regenerate, regenerating] = useRegenerateCalendarFeedMutation();
  const [setNames, settingNames] = useSetCalendarFeedNamesMutation();
  return (
    <Card className="mt-4">
      <Card.Body>
        <h2 className="h5">{t.title}</h2>
        <p className="small">{t.intro}</p>
        {feed.isError && <Alert variant="danger">{errorMessage(feed.error, t.error)}</Alert>}
        {feed.data && (
          <>
            <InputGroup className="mb-2">
              <Form.Control readOnly value={feed.data.url} aria-label={t.url} onFocus={(e) => e.target.select()} />
              <Button variant="outline-secondary" onClick={() => void navigator.clipboard?.writeText(feed.data!.url)}>
                {t.copy}
              </Button>
            </InputGroup>
            <Form.Check
              type="switch"
              id="calendar-feed-names"
              label={t.showNames}
              checked={feed.data.showPatientName}
              disabled={settingNames.isLoading}
              onChange={(e) => void setNames(e.target.checked)}
            />
            <Button className="mt-2" variant="outline-danger" size="sm" disabled={regenerating.isLoading} onClick={() => void regenerate()}>
              {t.regenerate}
            </Button>
            <p className="small text-body-secondary mt-1 mb-0">{t.regenerateHint}</p>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
