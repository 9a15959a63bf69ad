import { type FormEvent, useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import * as it from '../../i18n/it';
import { errorMessage } from '../../lib/api';
import { useGetWidgetSettingsQuery, useSaveWidgetSettingsMutation } from './settingsApi';

const t = it.settings;

/** the administrator lists the sites that may show the booking in a frame (GET /widget.js), one origin a line */
export function WidgetOriginsForm() {
  const current = useGetWidgetSettingsQuery();
  const [save, saving] = useSaveWidgetSettingsMutation();
  const [draft, setDraft] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const value = draft ?? current.data?.allowedOrigins.join('\n') ?? '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const allowedOrigins = value
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const result = await save({ allowedOrigins });
    if (!('error' in result)) (setDraft(null), setDone(true));
  };
  return (
    <Card className="mt-4">
      <Card.Body>
        <h2 className="h5">{t.widgetTitle}</h2>
        <p className="small text-body-secondary">{t.widgetIntro}</p>
        <pre className="small bg-body-tertiary p-2 rounded text-wrap">{`<script src="${window.location.origin}/widget.js" data-medico="…" async></script>`}</pre>
        <Form onSubmit={(e) => void submit(e)} aria-label={t.widgetTitle}>
          <Form.Group controlId="settings-widget-origins" className="mb-3">
            <Form.Label>{t.widgetOrigins}</Form.Label>
            <Form.Control as="textarea" rows={3} value={value} onChange={(e) => (setDraft(e.target.value), setDone(false))} />
            <Form.Text>{t.widgetOriginsHelp}</Form.Text>
          </Form.Group>
          <div aria-live="polite">
            {saving.isError && <Alert variant="danger">{errorMessage(saving.error)}</Alert>}
            {done && (
              <Alert variant="success" role="status">
                {t.saved}
              </Alert>
            )}
          </div>
          <Button type="submit" disabled={saving.isLoading}>
            {t.save}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
