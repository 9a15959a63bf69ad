import { useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import * as it from '../../../i18n/it';
import { errorMessage } from '../../../lib/api';
import { useGetReplyHoursQuery, useSetReplyHoursMutation } from './messagesApi';

const t = it.messages;

/** the segreteria sets the reply hours the patients read above their conversations */
export function ReplyHoursForm() {
  const current = useGetReplyHoursQuery();
  const [save, saving] = useSetReplyHoursMutation();
  const [text, setText] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const value = text ?? current.data?.replyHours ?? '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    void save(value)
      .unwrap()
      .then(
        () => setDone(true),
        () => undefined,
      );
  };
  return (
    <Form onSubmit={submit} className="mb-3">
      <Form.Group className="mb-2" controlId="reply-hours">
        <Form.Label>{t.replyHoursLabel}</Form.Label>
        <Form.Control value={value} maxLength={200} onChange={(e) => setText(e.target.value)} placeholder={t.replyHoursPlaceholder} />
      </Form.Group>
      {saving.isError && <Alert variant="danger">{errorMessage(saving.error, t.error)}</Alert>}
      {done && <p role="status">{t.replyHoursSaved}</p>}
      <Button type="submit" variant="outline-primary" disabled={saving.isLoading || !value.trim()} style={{ minHeight: 44 }}>
        {t.replyHoursSave}
      </Button>
    </Form>
  );
}
