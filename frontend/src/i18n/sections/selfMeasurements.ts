/** the patient's self-measured weights in the clinical record (the record's page only, not /home's weight card) */
export const selfMeasurements = {
  marker: 'autorilevato dal paziente',
  title: 'Pesi misurati a casa dal paziente',
  note: 'Non entrano nell’IMC né nel fabbisogno finché non li accetti: l’altezza è quella dell’ultima misurazione in studio.',
  accept: (date: string) => `Accetta nella cartella il peso del ${date}`,
  acceptShort: 'Accetta',
  accepted: 'accettato',
  acceptError: 'Non è stato possibile accettare la misurazione.',
} as const;
