/** a patient's /home on a phone opens on today's meals of the plan */
export const today = {
  title: 'Oggi',
  date: (weekday: string, day: string) => `${weekday} ${day}`,
  or: 'oppure',
  eaten: 'Mangiato',
  ticksNote: 'Le spunte restano su questo telefono o computer.',
  week: 'La settimana',
  shopping: 'Lista della spesa',
  noMeals: 'Il piano non ha pasti per oggi.',
} as const;
