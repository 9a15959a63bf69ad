/** a week's portion tables add up to 14 (lunches and dinners), or are left empty */
export const REQUIRED_PORTIONS = 14;

/** why a week's portions cannot be kept, or undefined when they can (the one message for both sides) */
export function weeklyPortionsProblem(total: number): { code: 'porzioni_non_valide'; message: string } | undefined {
  if (total === 0 || total === REQUIRED_PORTIONS) return undefined;
  return {
    code: 'porzioni_non_valide',
    message: `Le porzioni settimanali devono essere in tutto ${REQUIRED_PORTIONS} (pranzi e cene della settimana): ora sono ${total}`,
  };
}
