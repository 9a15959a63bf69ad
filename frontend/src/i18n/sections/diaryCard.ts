/** the diary's card on /home (its own section: /home's first load does not carry the diary page's strings) */
export const diaryCard = {
  title: 'Diario alimentare',
  text: 'Annota i pasti con una foto: il tuo medico li vede e può commentarli.',
  open: 'Apri il diario',
} as const;
