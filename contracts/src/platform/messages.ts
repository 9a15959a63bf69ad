// Italian messages both sides show, without zod: the browser's catalogue (in its first download) quotes them.

export const BILLING_REQUIRED_MESSAGE = "Devi specificare sia il codice fiscale che l'indirizzo di fatturazione";
