import { ErrorBody } from '@studio/contracts';
import { useState, type ReactNode } from 'react';
import { Alert, Button, Modal } from 'react-bootstrap';
import { it } from '../../i18n/it';
import { CSRF_HEADER, useGetSessionQuery } from '../api';
import { ValidatedForm } from '../ValidatedForm';

export interface ModalFormProps {
  show: boolean;
  onHide(): void;
  title: ReactNode;
  /** the form's own action and method: the submission goes there, as the form says */
  action: string;
  method?: 'post' | 'put' | 'patch' | 'delete';
  submitLabel: ReactNode;
  /** the fields; browser constraints (required, pattern…) are checked before sending */
  children: ReactNode;
  /** the server's JSON answer; the modal closes right after */
  onSuccess?(answer: unknown): void;
  submitVariant?: string;
}

/**
 * SPEC point 5: "Modal forms validate, then submit asynchronously; on success the modal is
 * hidden." The fields go form-encoded with the session's CSRF token; a refusal shows the
 * server's Italian message and keeps the modal open.
 */
export function ModalForm({ show, onHide, title, action, method = 'post', submitLabel, children, onSuccess, submitVariant = 'primary' }: ModalFormProps) {
  const { data: session } = useGetSessionQuery();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async (form: HTMLFormElement) => {
    setSending(true);
    setError(null);
    try {
      const body = new URLSearchParams();
      new FormData(form).forEach((value, key) => typeof value === 'string' && body.append(key, value));
      const response = await fetch(
        new Request(form.getAttribute('action') ?? action, {
          method: (form.getAttribute('method') ?? method).toUpperCase(),
          credentials: 'include',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json', ...(session ? { [CSRF_HEADER]: session.csrfToken } : {}) },
          body: body.toString(),
        }),
      );
      const text = await response.text();
      const answer: unknown = text ? JSON.parse(text) : null;
      if (!response.ok) {
        const parsed = ErrorBody.safeParse(answer);
        setError(parsed.success ? parsed.data.error.message : it.app.genericError);
        return;
      }
      onSuccess?.(answer);
      onHide();
    } catch {
      setError(it.app.networkError);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal show={show} onHide={onHide}>
      <ValidatedForm action={action} method={method} onValidSubmit={(form) => void send(form)}>
        <Modal.Header closeButton closeLabel={it.ui.close}>
          <Modal.Title>{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && <Alert variant="danger">{error}</Alert>}
          {children}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide}>
            {it.ui.cancel}
          </Button>
          <Button type="submit" variant={submitVariant} disabled={sending}>
            {submitLabel}
          </Button>
        </Modal.Footer>
      </ValidatedForm>
    </Modal>
  );
}
