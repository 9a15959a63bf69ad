import { errorBodyOf, isValidCodiceFiscale } from '@studio/contracts';
import { useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { errorMessage } from '../../../lib/api';
import { centsToEuroInput, parseEuroToCents } from '../../../lib/money';
import * as it from '../../../i18n/it';
import { useRecordDeskPaymentMutation } from './agendaApi';

const t = it.agenda;
type Method = 'cash' | 'card' | 'transfer';
type Payment = { method: Method; amountCents: number; discount?: { reason: string } };

/** the server's refusal code of a failed call, if it sent one */
function errorCode(error: unknown): string | undefined {
  return error && typeof error === 'object' && 'data' in error ? errorBodyOf(error.data)?.error.code : undefined;
}

/**
 * a held booking paid at the desk: method and amount in euro (from the visit's price when known), then the booking is
 * confirmed and the receipt follows. The receipt needs the patient's codice fiscale: when neither their profile nor an
 * earlier payment has it (`taxcodeOnFile` false, or the server says so), a dialog asks it before the payment is recorded.
 */
export function DeskPayment({
  bookingId,
  doctorId,
  onError,
  onPaid,
  initialCents,
  taxcodeOnFile,
}: {
  bookingId: string;
  doctorId: string;
  onError: (message: string) => void;
  onPaid?: (orderId: string) => void;
  /** the visit's price, when known: the amount starts from it */
  initialCents?: number;
  /** false: the receipt will need the codice fiscale, asked at once; undefined: unknown, asked if the server needs it */
  taxcodeOnFile?: boolean;
}) {
  const [pay, paying] = useRecordDeskPaymentMutation();
  const [method, setMethod] = useState<Method>('card');
  const [euro, setEuro] = useState(initialCents ? centsToEuroInput(initialCents) : '');
  // below the visit's price the server asks for the doctor's discount, with its reason
  const [discountReason, setDiscountReason] = useState('');
  const [asking, setAsking] = useState<Payment | null>(null);
  const send = async (payment: Payment, taxcode?: string): Promise<'done' | 'needs-taxcode' | 'failed'> => {
    try {
      const view = await pay({ bookingId, doctorId, ...payment, ...(taxcode ? { taxcode } : {}) }).unwrap();
      onPaid?.(view.orderId);
      return 'done';
    } catch (error) {
      if (!taxcode && errorCode(error) === 'codice_fiscale_mancante') return 'needs-taxcode';
      onError(errorMessage(error, t.actionFailed));
      return 'failed';
    }
  };
  const submit = async () => {
    const amountCents = parseEuroToCents(euro);
    if (amountCents === null) return onError(t.deskAmountInvalid);
    const discount = discountReason.trim() ? { reason: discountReason.trim() } : undefined;
    const payment: Payment = { method, amountCents, ...(discount ? { discount } : {}) };
    if (taxcodeOnFile === false || (await send(payment)) === 'needs-taxcode') setAsking(payment);
  };
  return (
    <span className="d-inline-flex flex-wrap gap-1 align-items-center">
      <Form.Select size="sm" aria-label={t.deskMethod} value={method} onChange={(e) => setMethod(e.target.value as Method)} style={{ width: '8rem' }}>
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
      <Form.Control
        size="sm"
        aria-label={t.deskDiscountReason}
        placeholder={t.deskDiscountPlaceholder}
        maxLength={300}
        value={discountReason}
        onChange={(e) => setDiscountReason(e.target.value)}
        style={{ width: '12rem' }}
      />
      <Button variant="outline-success" size="sm" disabled={paying.isLoading} onClick={() => void submit()}>
        {t.deskPay}
      </Button>
      {asking && (
        <TaxcodeDialog
          busy={paying.isLoading}
          onCancel={() => setAsking(null)}
          onSubmit={async (taxcode) => {
            if ((await send(asking, taxcode)) === 'done') setAsking(null);
          }}
        />
      )}
    </span>
  );
}

/** the codice fiscale the receipt needs, checked here (16 characters and the check character) before it is sent */
function TaxcodeDialog({ busy, onCancel, onSubmit }: { busy: boolean; onCancel: () => void; onSubmit: (taxcode: string) => Promise<void> }) {
  const [taxcode, setTaxcode] = useState('');
  const [touched, setTouched] = useState(false);
  const value = taxcode.trim().toUpperCase();
  const invalid = touched && !isValidCodiceFiscale(value);
  return (
    <Modal show onHide={onCancel} aria-labelledby="desk-taxcode-title">
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (isValidCodiceFiscale(value)) void onSubmit(value);
        }}
      >
        <Modal.Header closeButton closeLabel={t.deskRefundBack}>
          <Modal.Title id="desk-taxcode-title" as="h2" className="h5">
            {t.deskTaxcodeTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{t.deskTaxcodeText}</p>
          <Form.Group controlId="desk-taxcode">
            <Form.Label>{t.deskTaxcode}</Form.Label>
            <Form.Control
              value={taxcode}
              autoComplete="off"
              maxLength={16}
              isInvalid={invalid}
              aria-describedby="desk-taxcode-error"
              onChange={(e) => setTaxcode(e.target.value)}
              onBlur={() => setTouched(true)}
            />
            <Form.Control.Feedback type="invalid" id="desk-taxcode-error">
              {t.deskTaxcodeInvalid}
            </Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onCancel}>
            {t.deskRefundBack}
          </Button>
          <Button type="submit" variant="success" disabled={busy}>
            {t.deskPay}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
