import { useId, useState, type ReactNode } from 'react';
import { Button, Form } from 'react-bootstrap';
import { ConfirmDialog } from './ConfirmDialog';

/** the dialog's words, as the feature's catalogue (i18n/it.ts) names them */
export interface CancelDialogTexts {
  /** the button that opens the dialog */
  cancel: string;
  cancelTitle: string;
  cancelReason: string;
  /** present: the reason is required, and this says so under the field when it is missing */
  cancelReasonRequired?: string;
  cancelBack: string;
  cancelConfirm: string;
  /** the confirm button's text while the cancellation is sent (default: cancelConfirm) */
  cancelling?: string;
}

export interface CancelDialogProps {
  /** the ids of the dialog's title (`<idPrefix>-<itemId>`) and reason field (`<idPrefix>-reason-<itemId>`) */
  idPrefix: string;
  itemId: string;
  texts: CancelDialogTexts;
  closeLabel: string;
  busy: boolean;
  /** the server's refusal, shown inside the dialog (it stays open) */
  error: string | null;
  /** called when the dialog opens (e.g. to forget a previous refusal) */
  onOpen?: () => void;
  /** sends the cancellation with the trimmed reason ('' when none); the dialog closes once it resolves, stays open if it throws */
  onConfirm: (reason: string) => Promise<unknown>;
  /** what cancelling means (the refund), above the reason */
  children?: ReactNode;
}

/**
 * "Disdici" and its confirmation dialog, shared by the patient's /home and the staff's agenda: a labelled modal
 * dialog (title as its name), a reason field, the server's refusal as an alert inside, back and confirm buttons.
 */
export function CancelDialog({ idPrefix, itemId, texts, closeLabel, busy, error, onOpen, onConfirm, children }: CancelDialogProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const feedbackId = useId();
  const titleId = `${idPrefix}-${itemId}`;
  const reasonRequired = texts.cancelReasonRequired;
  const invalid = reasonRequired !== undefined && touched && reason.trim() === '';
  const confirm = async () => {
    setTouched(true);
    if (reasonRequired !== undefined && reason.trim() === '') return;
    try {
      await onConfirm(reason.trim());
      setOpen(false);
    } catch {
      /* the refusal comes back as `error`, shown in the dialog */
    }
  };
  return (
    <>
      <Button variant="outline-danger" size="sm" onClick={() => (onOpen?.(), setOpen(true))}>
        {texts.cancel}
      </Button>
      <ConfirmDialog
        show={open}
        titleId={titleId}
        title={texts.cancelTitle}
        titleAs="div"
        titleClassName="h4"
        initialFocus="dialog"
        closeLabel={closeLabel}
        error={error}
        backLabel={texts.cancelBack}
        backVariant="secondary"
        confirmLabel={busy && texts.cancelling ? texts.cancelling : texts.cancelConfirm}
        busy={busy}
        onBack={() => setOpen(false)}
        onConfirm={() => void confirm()}
      >
        {children}
        <Form.Group controlId={`${idPrefix}-reason-${itemId}`}>
          <Form.Label>{texts.cancelReason}</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            maxLength={500}
            value={reason}
            required={reasonRequired !== undefined}
            isInvalid={invalid}
            aria-invalid={invalid}
            aria-describedby={invalid ? feedbackId : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {reasonRequired !== undefined && (
            <Form.Control.Feedback type="invalid" id={feedbackId}>
              {reasonRequired}
            </Form.Control.Feedback>
          )}
        </Form.Group>
      </ConfirmDialog>
    </>
  );
}
