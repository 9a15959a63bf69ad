import { AppError } from '../common/errors';
import type { Decider } from './command-handler';

/**
 * given/when/then for deciders, pure (no store):
 *
 *   const given = deciderSpec(userDecider);
 *   given([registered]).when(setHours).then([hoursSet]);
 *   given([]).when(setHours).thenThrows(NotFoundError);      // or .thenThrows('medico_non_trovato')
 *
 * Uses jest's `expect`, so it is for spec files only.
 */
export function deciderSpec<State, Command, Event extends { type: string; data: unknown }>(decider: Decider<State, Command, Event>) {
  return (history: Event[]) => ({
    when(command: Command) {
      const decide = () =>
        decider.decide(
          command,
          history.reduce((s, e) => decider.evolve(s, e), decider.initialState()),
        );
      return {
        then(expected: Event[]): void {
          expect(decide()).toEqual(expected);
        },
        /** an error class (AppError subclasses, or any Error), or an AppError code */
        thenThrows(expected: (abstract new (...args: never[]) => Error) | string): void {
          let thrown: unknown;
          try {
            decide();
          } catch (error) {
            thrown = error;
          }
          if (thrown === undefined) throw new Error(`Expected the command to be rejected with ${label(expected)}, but it was accepted`);
          if (typeof expected === 'string') {
            expect(thrown).toBeInstanceOf(AppError);
            expect((thrown as AppError).code).toBe(expected);
          } else {
            expect(thrown).toBeInstanceOf(expected);
          }
        },
      };
    },
  });
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- any error class the decider may throw
function label(expected: Function | string): string {
  return typeof expected === 'string' ? `code "${expected}"` : expected.name;
}
