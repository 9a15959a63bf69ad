import type { ElementType, ReactNode } from 'react';
import { Alert, Button, Modal } from 'react-bootstrap';
import * as it from '../../i18n/it';

export interface ConfirmDialogProps {
  show: boolean;
  /** the title's id: the dialog is named by its title */
  titleId: string;
  title: ReactNode;
  /** what confirming means, and any field it asks for */
  children: ReactNode;
  /** the server's refusal, shown inside the dialog as an alert (the dialog stays open) */
  error?: string | null;
  /** the button that closes without doing anything (as the header's close button and Esc do) */
  backLabel: string;
  backVariant?: string;
  confirmLabel: ReactNode;
  confirmVariant?: string;
  /** while the confirmation is sent: the confirm button is disabled */
  busy?: boolean;
  /** disables the confirm button for another reason (e.g. nothing chosen yet) */
  confirmDisabled?: boolean;
  closeLabel?: string;
  onBack: () => void;
  onConfirm: () => void;
  titleAs?: ElementType;
  titleClassName?: string;
  /** where focus goes on opening: the back button (default), or the dialog itself when it holds a field to fill */
  initialFocus?: 'back' | 'dialog';
  size?: 'sm' | 'lg' | 'xl';
  fullscreen?: true | 'sm-down' | 'md-down' | 'lg-down' | 'xl-down' | 'xxl-down';
}

/**
 * A modal question before an action: named by its title, focus trapped inside while it is open and given back
 * to the button that opened it when it closes; it starts on the back button, so Enter never confirms by mistake
 * (or on the dialog, for one that asks for a field first).
 */
export function ConfirmDialog({
  show,
  titleId,
  title,
  children,
  error = null,
  backLabel,
  backVariant = 'outline-secondary',
  confirmLabel,
  confirmVariant = 'danger',
  busy = false,
  confirmDisabled = false,
  closeLabel = it.app.dismiss,
  onBack,
  onConfirm,
  titleAs = 'h2',
  titleClassName = 'h5',
  initialFocus = 'back',
  size,
  fullscreen,
}: ConfirmDialogProps) {
  return (
    <Modal show={show} onHide={onBack} aria-labelledby={titleId} size={size} fullscreen={fullscreen}>
      <Modal.Header closeButton closeLabel={closeLabel}>
        <Modal.Title id={titleId} as={titleAs} className={titleClassName}>
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {children}
        {error !== null && (
          <Alert variant="danger" role="alert" className="mt-3 mb-0">
            {error}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant={backVariant} onClick={onBack} autoFocus={initialFocus === 'back'}>
          {backLabel}
        </Button>
        <Button variant={confirmVariant} disabled={busy || confirmDisabled} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
