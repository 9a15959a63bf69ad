// What the patient reads about their payment, said by the orders and by the confirmation workflow.

export const PAYMENT_NOT_COMPLETED_MESSAGE = 'Il pagamento non risulta completato: nessun addebito confermato.';
/** PayPal holds the capture for review: the booking stays reserved until PayPal settles it */
export const PAYMENT_IN_REVIEW_MESSAGE = 'Pagamento in verifica: PayPal sta controllando il pagamento. La prenotazione resta riservata finché non si conclude.';
/** PayPal declined, after its review, a capture it had held (PENDING → DECLINED): the order failed, the hold was given back */
export const PAYMENT_DECLINED_MESSAGE =
  'Il pagamento non è andato a buon fine: PayPal lo ha rifiutato dopo la verifica. Non è stato addebitato nulla e l’orario prenotato è stato liberato.';
export const AMOUNT_MISMATCH_MESSAGE = 'L’importo pagato non corrisponde a quello dovuto.';
export const INVALID_TAXCODE_MESSAGE = 'Codice fiscale non valido.';

/** a confirmation that captured the money but could not book: why, and that it was refunded */
export function refundedMessage(reason: string): string {
  return `${reason} Il pagamento è stato rimborsato per intero.`;
}
