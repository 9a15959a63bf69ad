import type { AgendaItem } from '@studio/contracts';
import { useId, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { errorMessage } from '../../../lib/api';
import { formatEuro } from '../../../lib/money';
import * as it from '../../../i18n/it';
import { useRefundDeskPaymentMutation } from './agendaApi';

const t = it.agenda;

/** a payment taken at the desk: its order id (`desk-<booking>`, backend/src/areas/payments/desk-payments) */
export const isDeskOrder = (order: AgendaItem['order']): order is NonNullable<AgendaItem['order']> => order?.id.startsWith('desk-') === true;

/**
 * "Rimborsa" for a payment taken at the desk: the money goes back (a credit note follows) and the desk answers
 * "Annulla anche la visita?" with no answer chosen beforehand: cancelled, the slot is free again and the record closes
 * to the doctor; kept, the visit stays confirmed. A labelled modal dialog; radios in a fieldset, reachable by keyboard.
 */
export function DeskRefund({ item, doctorId }: { item: AgendaItem & { order: NonNullable<AgendaItem['order']> }; doctorId: string }) {
  const [refund, state] = useRefundDeskPaymentMutation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [cancelVisit, setCancelVisit] = useState<boolean | null>(null);
  const [touched, setTouched] = useState(false);
  const ids = { title: useId(), reason: useId(), reasonError: useId(), choice: useId(), choiceError: useId() };
  const reasonMissing = touched && reason.trim() === '';
  const choiceMissing = touched && cancelVisit === null;
  const confirm = async () => {
    setTouched(true);
    if (reason.trim() === '' || cancelVisit === null) return;
    try {
      await refund({ orderId: item.order.id, doctorId, reason: reason.trim(), cancelVisit }).unwrap();
      setOpen(false);
    } catch {
      /* the refusal is shown in the dialog, which stays open */
    }
  };
  const show = () => {
    state.reset();
    setReason('');
    setCancelVisit(null);
    setTouched(false);
    setOpen(true);
  };
  return (
    <>
      <Button variant="outline-warning" size="sm" onClick={show}>
        {t.deskRefund}
      </Button>
      <ConfirmDialog
        show={open}
        titleId={ids.title}
        title={t.deskRefundTitle}
        titleAs="div"
        titleClassName="h4"
        initialFocus="dialog"
        closeLabel={it.myBookings.close}
        error={state.isError ? errorMessage(state.error, t.actionFailed) : null}
        backLabel={t.deskRefundBack}
        backVariant="secondary"
        confirmLabel={state.isLoading ? t.deskRefunding : t.deskRefundConfirm}
        confirmVariant="warning"
        busy={state.isLoading}
        onBack={() => setOpen(false)}
        onConfirm={() => void confirm()}
      >
        <p>{t.deskRefundText(formatEuro(item.order.amountCents))}</p>
        <Form.Group controlId={ids.reason} className="mb-3">
          <Form.Label>{t.deskRefundReason}</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            maxLength={300}
            required
            value={reason}
            isInvalid={reasonMissing}
            aria-invalid={reasonMissing}
            aria-describedby={reasonMissing ? ids.reasonError : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          <Form.Control.Feedback type="invalid" id={ids.reasonError}>
            {t.deskRefundReasonRequired}
          </Form.Control.Feedback>
        </Form.Group>
        <fieldset aria-invalid={choiceMissing} aria-describedby={choiceMissing ? ids.choiceError : undefined}>
          <legend className="fs-6 fw-semibold">{t.deskRefundCancelVisit}</legend>
          <Form.Check
            type="radio"
            id={`${ids.choice}-yes`}
            name={ids.choice}
            label={t.deskRefundCancelYes}
            checked={cancelVisit === true}
            onChange={() => setCancelVisit(true)}
          />
          <Form.Check
            type="radio"
            id={`${ids.choice}-no`}
            name={ids.choice}
            label={t.deskRefundCancelNo}
            checked={cancelVisit === false}
            onChange={() => setCancelVisit(false)}
          />
          {choiceMissing && (
            <div className="invalid-feedback d-block" id={ids.choiceError}>
              {t.deskRefundChoiceRequired}
            </div>
          )}
        </fieldset>
      </ConfirmDialog>
    </>
  );
}
