import type { AppError } from '../common/errors';
import { foldWorkflow, type Workflow, type WorkflowEvent } from './workflow';

/**
 * given/when/then for workflows, pure (no store), the counterpart of `deciderSpec`:
 *
 *   const flow = workflowSpec(rescheduleWorkflow);
 *   flow(input).given([requested]).thenNext({ type: 'BookSlot', … });
 *   flow(input).given([requested, booked, moved, released]).thenDone();
 *   flow(input).given([requested]).whenRefused(bookSlot, new ConflictError('…')).thenNext(abandon);
 *
 * `given` takes the events of the workflow's streams in global order, tagged with their stream.
 * Uses jest's `expect`, so it is for spec files only.
 */
export function workflowSpec<Input, State, Step, Event extends { type: string; data: unknown }>(workflow: Workflow<Input, State, Step, Event>) {
  return (input: Input) => ({
    given(events: Array<WorkflowEvent<Event>>) {
      const state = () => foldWorkflow(workflow, input, events);
      return {
        thenNext(expected: Step): void {
          expect(workflow.decide(state())).toEqual(expected);
        },
        thenDone(): void {
          expect(workflow.decide(state())).toBeNull();
        },
        whenRefused(step: Step, refusal: AppError) {
          const compensation = () => workflow.onRefused?.(state(), step, refusal) ?? null;
          return {
            thenNext(expected: Step): void {
              expect(compensation()).toEqual(expected);
            },
            thenNothing(): void {
              expect(compensation()).toBeNull();
            },
          };
        },
      };
    },
  });
}
