import type { MessageView } from '@studio/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Form } from 'react-bootstrap';
import * as it from '../../../i18n/it';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';

const t = it.messages;

export interface ConversationProps {
  /** a heading for the list and the form (screen readers) */
  label: string;
  messages: MessageView[];
  /** true when the reader is the patient (their own messages are "Tu") */
  asPatient: boolean;
  canWrite: boolean;
  onSendText(text: string): Promise<unknown>;
  onSendFile(file: File): Promise<unknown>;
  fileHref(messageId: string): string;
  /** a doctor's one-step filing of a patient's file into the record */
  onFileIntoRecord?(messageId: string): Promise<unknown>;
}

/** one conversation: the messages, oldest first, each with its author and time, and the form to write */
export function Conversation({ label, messages, asPatient, canWrite, onSendText, onSendFile, fileHref, onFileIntoRecord }: ConversationProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<unknown>, after: () => void) {
    setBusy(true);
    setError(null);
    try {
      await action();
      after();
    } catch (e) {
      setError(errorMessage(e, t.error));
    } finally {
      setBusy(false);
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file)
      return void run(
        () => onSendFile(file),
        () => setFile(null),
      );
    if (text.trim())
      void run(
        () => onSendText(text),
        () => setText(''),
      );
  };

  return (
    <section aria-label={label}>
      {messages.length === 0 ? (
        <p className="text-body-secondary">{t.empty}</p>
      ) : (
        <ol className="list-unstyled d-flex flex-column gap-2 mb-3" aria-live="polite">
          {messages.map((m) => {
            const mine = m.fromPatient === asPatient;
            return (
              <li
                key={m.id}
                className={`p-2 rounded border ${mine ? 'align-self-end bg-primary-subtle' : 'align-self-start bg-body-tertiary'}`}
                style={{ maxWidth: '85%' }}
              >
                <div className="small text-body-secondary">
                  {mine ? t.you : m.fromPatient ? t.patient : t.practice} · <time dateTime={m.at}>{formatDateTime(m.at)}</time>
                </div>
                {m.text && (
                  <p className="mb-0 text-break" style={{ whiteSpace: 'pre-wrap' }}>
                    {m.text}
                  </p>
                )}
                {m.attachment && (
                  <div className="d-flex flex-wrap gap-2 align-items-center">
                    <a href={fileHref(m.id)} className="d-inline-block py-2 text-break" download={m.attachment.name}>
                      {t.file(m.attachment.name)}
                    </a>
                    {m.attachment.filedAs ? (
                      <Badge bg="success">{t.filed}</Badge>
                    ) : (
                      onFileIntoRecord &&
                      m.fromPatient && (
                        <Button
                          size="sm"
                          variant="outline-secondary"
                          style={{ minHeight: 44 }}
                          disabled={busy}
                          onClick={() =>
                            void run(
                              () => onFileIntoRecord(m.id),
                              () => undefined,
                            )
                          }
                        >
                          {t.fileIntoRecord}
                        </Button>
                      )
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {error && <Alert variant="danger">{error}</Alert>}
      {canWrite ? (
        <Form onSubmit={submit}>
          <Form.Group className="mb-2" controlId={`${id}-text`}>
            <Form.Label>{t.write}</Form.Label>
            <Form.Control as="textarea" rows={3} maxLength={4000} value={text} onChange={(e) => setText(e.target.value)} disabled={busy || !!file} />
          </Form.Group>
          <Form.Group className="mb-2" controlId={`${id}-file`}>
            <Form.Label>{t.attach}</Form.Label>
            <Form.Control
              type="file"
              accept="application/pdf,image/jpeg,image/png"
              disabled={busy}
              onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
            />
          </Form.Group>
          <Button type="submit" disabled={busy || (!file && !text.trim())} style={{ minHeight: 44 }}>
            {busy ? t.sending : file ? t.sendFile : t.send}
          </Button>
        </Form>
      ) : (
        <Alert variant="secondary">{t.readOnly}</Alert>
      )}
    </section>
  );
}
