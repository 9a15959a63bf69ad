import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { errorMessage } from '../../lib/api';
import { centsToEuroInput } from '../../lib/money';
import * as it from '../../i18n/it';
import { useRecordDeskPaymentMutation } from './agendaApi';

const t = it.agenda;

/** a held booking paid at the desk: method and amount in euro, then the booking is confirmed and the receipt follows */
export function DeskPayment({
  bookingId,
  doctorId,
  onError,
  onPaid,
  initialCents,
}: {
  bookingId: string;
  doctorId: string;
  onError: (message: string) => void;
  onPaid?: () => void;
  /** the visit's price, when known: the amount starts from it */
  initialCents?: number;
}) {
  const [pay, paying] = useRecordDeskPaymentMutation();
  const [method, setMethod] = useState<'cash' | 'card' | 'transfer'>('card');
  const [euro, setEuro] = useState(initialCents ? centsToEuroInput(initialCents) : '');
  const submit = async () => {
    const amountCents = Math.round(Number(euro.replace(',', '.')) * 100);
    if (!Number.isFinite(amountCents) || amountCents <= 0) return onError(t.deskAmountInvalid);
    try {
      await pay({ bookingId, doctorId, method, amountCents }).unwrap();
      onPaid?.();
    } catch (error) {
      onError(errorMessage(error, t.actionFailed));
    }
  };
  return (
    <span className="d-inline-flex flex-wrap gap-1 align-items-center">
      <Form.Select size="sm" aria-label={t.deskMethod} value={method} onChange={(e) => setMethod(e.target.value as typeof method)} style={{ width: '8rem' }}>
        <option value="card">{t.deskMethods.card}</option>
        <option value="cash">{t.deskMethods.cash}</option>
        <option value="transfer">{t.deskMethods.transfer}</option>
      </Form.Select>
      <Form.Control
        size="sm"
        aria-label={t.deskAmount}
        inputMode="decimal"
        placeholder="€"
        value={euro}
        onChange={(e) => setEuro(e.target.value)}
        style={{ width: '5rem' }}
      />
      <Button variant="outline-success" size="sm" disabled={paying.isLoading} onClick={() => void submit()}>
        {t.deskPay}
      </Button>
    </span>
  );
}
