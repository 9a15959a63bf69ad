/** how long after recording it an outcome ("Svolta", "Assente") can be undone */
export const OUTCOME_UNDO_HOURS = 24;
