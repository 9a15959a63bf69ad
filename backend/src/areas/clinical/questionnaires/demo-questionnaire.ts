import type { Question } from '@studio/contracts';

/** the nutrition intake every demo doctor starts with (seeded), also a realistic test fixture */
export const DEMO_QUESTIONNAIRE: { title: string; questions: Question[] } = {
  title: 'Questionario di anamnesi alimentare',
  questions: [
    {
      id: 'allergie',
      text: 'Hai allergie o intolleranze alimentari?',
      kind: 'radio',
      options: [
        { value: 'no', label: 'No' },
        { value: 'si', label: 'Sì, quali?', enabler: true },
      ],
      textInput: { label: 'Quali allergie o intolleranze?' },
    },
    {
      id: 'alimentazione',
      text: 'Che tipo di alimentazione segui?',
      kind: 'radio',
      options: [
        { value: 'onnivora', label: 'Onnivora' },
        { value: 'vegetariana', label: 'Vegetariana' },
        { value: 'vegana', label: 'Vegana' },
        { value: 'altro', label: 'Altro (specificare)' },
      ],
      handleMore: true,
      textInput: { label: 'Specifica il tipo di alimentazione' },
    },
    {
      id: 'attivita',
      text: 'Che attività fisica pratichi?',
      kind: 'checkbox',
      options: [
        { value: 'camminata', label: 'Camminata' },
        { value: 'corsa', label: 'Corsa' },
        { value: 'palestra', label: 'Palestra' },
        { value: 'nuoto', label: 'Nuoto' },
        { value: 'altro', label: 'Altro', enabler: true },
      ],
      textInput: { label: 'Quale altra attività?' },
    },
    {
      id: 'frequenza',
      text: 'Quante volte a settimana fai attività fisica?',
      kind: 'radio',
      options: [
        { value: '0', label: 'Mai' },
        { value: '1-2', label: '1–2 volte' },
        { value: '3-4', label: '3–4 volte' },
        { value: '5+', label: '5 o più volte' },
      ],
    },
    {
      id: 'pasti',
      text: 'Quanti pasti fai al giorno, spuntini compresi?',
      kind: 'radio',
      options: [
        { value: '1-2', label: '1–2' },
        { value: '3', label: '3' },
        { value: '4-5', label: '4–5' },
        { value: '6+', label: '6 o più' },
      ],
    },
    {
      id: 'patologie',
      text: 'Hai patologie diagnosticate (ad esempio diabete, ipertensione, celiachia)?',
      kind: 'radio',
      options: [
        { value: 'no', label: 'No' },
        { value: 'si', label: 'Sì, quali?', enabler: true },
      ],
      textInput: { label: 'Quali patologie?' },
    },
    {
      id: 'farmaci',
      text: 'Assumi farmaci o integratori?',
      kind: 'radio',
      options: [
        { value: 'no', label: 'No' },
        { value: 'si', label: 'Sì, quali?', enabler: true },
      ],
      textInput: { label: 'Quali farmaci o integratori?' },
    },
    {
      id: 'obiettivi',
      text: 'Quali sono i tuoi obiettivi?',
      kind: 'checkbox',
      options: [
        { value: 'peso', label: 'Perdere peso' },
        { value: 'massa', label: 'Aumentare la massa muscolare' },
        { value: 'salute', label: 'Migliorare la salute e il benessere' },
        { value: 'sport', label: 'Migliorare le prestazioni sportive' },
      ],
    },
  ],
};
