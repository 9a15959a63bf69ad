import { type Role } from '@studio/contracts';

export const home = {
  /** "Ciao, Giulia": the first name, a greeting without grammatical gender */
  title: (name: string) => `Ciao, ${name.trim().split(/\s+/)[0]}`,
  text: {
    patient: 'Qui trovi le tue prenotazioni, le ricevute dei pagamenti e la tua dieta.',
    doctor: 'Il tuo lavoro: gli orari in cui ricevi, le diete dei tuoi pazienti, i questionari di ingresso e il catalogo degli alimenti.',
    admin: 'La segreteria: i calendari di tutti i medici, prodotti e coupon, le diete e la storia degli eventi.',
    auditor: 'Da revisore consulti in sola lettura la storia degli eventi, com’erano calendari e schede in un istante passato e l’integrità del registro.',
  } satisfies Record<Role, string>,
  shortcuts: 'Scorciatoie',
} as const;
