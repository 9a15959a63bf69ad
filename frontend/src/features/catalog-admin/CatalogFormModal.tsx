import type { ReactNode } from 'react';
import { Alert, Button, Modal } from 'react-bootstrap';
import { ValidatedForm } from '../../app/ValidatedForm';
import { it } from '../../i18n/it';

const t = it.catalogAdmin;

/** the frame of the catalog's modal forms: browser checks first, the server's Italian error inside, closed by the caller on success */
export function CatalogFormModal({ id, title, problem, busy, onSubmit, onClose, children }: {
  id: string;
  title: string;
  problem: string | null;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <Modal show onHide={onClose} aria-labelledby={titleId} centered>
      <ValidatedForm id={id} onValidSubmit={onSubmit} aria-labelledby={titleId}>
        <Modal.Header closeButton closeLabel={it.app.dismiss}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {problem && (
            <Alert variant="danger" role="alert">
              {problem}
            </Alert>
          )}
          {children}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={busy}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? t.saving : t.save}
          </Button>
        </Modal.Footer>
      </ValidatedForm>
    </Modal>
  );
}
