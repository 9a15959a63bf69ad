import type { EventData } from '@studio/contracts';

/** the patient's erasure request: asked once; a repeated request changes nothing */
export type ErasureRequestEvent = { type: 'ErasureRequested'; data: EventData<'ErasureRequested'> };
export const erasureRequestDecider = {
  initialState: (): { requestedAt: string | null } => ({ requestedAt: null }),
  evolve: (_state: { requestedAt: string | null }, event: ErasureRequestEvent) => ({ requestedAt: event.data.requestedAt }),
  decide: (command: { type: 'RequestErasure'; patientId: string; at: string }, state: { requestedAt: string | null }): ErasureRequestEvent[] =>
    state.requestedAt ? [] : [{ type: 'ErasureRequested', data: { patientId: command.patientId, requestedAt: command.at } }],
};
