/** the diet editor's library and history: templates renamed and deleted, lists deleted, the plan in force on a date (not on /home) */
export const dietLibrary = {
  keep: 'Annulla',
  templates: {
    open: 'Modelli dello studio',
    rename: (name: string) => `Rinomina ${name}`,
    newName: 'Nuovo nome',
    renamed: (name: string) => `Modello rinominato in «${name}».`,
    delete: (name: string) => `Elimina ${name}`,
    deleteBody: (name: string) => `Eliminare «${name}»? I piani già iniziati da esso restano.`,
    deleted: (name: string) => `Modello «${name}» eliminato.`,
  },
  lists: {
    delete: (name: string) => `Elimina ${name}`,
    deleteBody: (name: string) => `Eliminare «${name}»? Non sarà più offerta negli scambi.`,
    deleted: (name: string) => `Lista «${name}» eliminata.`,
  },
  inForce: {
    history: 'Storico dei piani per data',
    date: 'Piano in vigore il',
    show: 'Mostra',
    title: (day: string) => `Piano in vigore il ${day}`,
    readOnly: 'sola lettura',
  },
} as const;
