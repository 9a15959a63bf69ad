/** what a patient's reply asks for: "1", "SI", "CONFERMO" confirm; "2", "ANNULLA", "DISDICO" cancel; "STOP" opts out */
export type ReplyIntent = 'confirm' | 'cancel' | 'stop' | 'other';

const WORDS: Record<string, ReplyIntent> = {
  '1': 'confirm',
  SI: 'confirm',
  CONFERMO: 'confirm',
  '2': 'cancel',
  ANNULLA: 'cancel',
  DISDICO: 'cancel',
  STOP: 'stop',
};

/** the reply alone, whatever its case, accents, spaces and final punctuation ("Sì!", " confermo.") */
export function replyIntent(text: string): ReplyIntent {
  const word = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .replace(/[.!,;:]+$/u, '')
    .toUpperCase();
  return WORDS[word] ?? 'other';
}
