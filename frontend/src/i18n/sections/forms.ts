export const forms = {
  invalid: 'Controlla i campi evidenziati.',
} as const;
