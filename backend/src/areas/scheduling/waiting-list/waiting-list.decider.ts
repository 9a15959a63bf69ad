import type { EventData } from '@studio/contracts';
import { ConflictError } from '../../../platform/common/errors';

/** One stream per doctor: `waitinglist-<doctorId>`. Its revision orders the line and every offer. */
export type WaitingListEvent =
  | { type: 'WaitingListJoined'; data: EventData<'WaitingListJoined'> }
  | { type: 'WaitingListLeft'; data: EventData<'WaitingListLeft'> }
  | { type: 'WaitingListOfferReserved'; data: EventData<'WaitingListOfferReserved'> }
  | { type: 'WaitingListOfferMade'; data: EventData<'WaitingListOfferMade'> }
  | { type: 'WaitingListOfferWithdrawn'; data: EventData<'WaitingListOfferWithdrawn'> }
  | { type: 'WaitingListOfferEnded'; data: EventData<'WaitingListOfferEnded'> };

export interface Offer {
  entryId: string;
  bookingId: string;
  slotId: string;
  start: string;
  status: 'reserved' | 'made' | 'withdrawn' | 'taken' | 'declined';
}

export interface Entry {
  entryId: string;
  patientId: string;
  from: string;
  to: string;
  status: 'waiting' | 'left';
  /** the offer in progress, if any */
  offer: string | null;
  /** slots this patient let go: never offered to them again */
  declined: string[];
}

export interface WaitingList {
  /** in the order they joined */
  entries: Entry[];
  offers: Record<string, Offer>;
}

export type WaitingListCommand =
  | { type: 'Join'; entryId: string; doctorId: string; patientId: string; from: string; to: string; at: string }
  | { type: 'Leave'; entryId: string; reason: 'left' | 'booked' | 'expired'; at: string }
  | { type: 'ReserveOffer'; offer: EventData<'WaitingListOfferReserved'> }
  | { type: 'MakeOffer'; bookingId: string; at: string }
  | { type: 'WithdrawOffer'; bookingId: string; at: string }
  | { type: 'EndOffer'; bookingId: string; outcome: 'taken' | 'declined'; at: string };

export const initialState = (): WaitingList => ({ entries: [], offers: {} });

const updateEntry = (s: WaitingList, entryId: string, f: (e: Entry) => Entry): WaitingList => ({
  ...s,
  entries: s.entries.map((e) => (e.entryId === entryId ? f(e) : e)),
});
const updateOffer = (s: WaitingList, bookingId: string, status: Offer['status']): WaitingList => {
  const offer = s.offers[bookingId];
  if (!offer) return s;
  const over = status === 'withdrawn' || status === 'taken' || status === 'declined';
  const next = { ...s, offers: { ...s.offers, [bookingId]: { ...offer, status } } };
  return over
    ? updateEntry(next, offer.entryId, (e) => ({
        ...e,
        offer: e.offer === bookingId ? null : e.offer,
        declined: status === 'declined' ? [...e.declined, offer.slotId] : e.declined,
      }))
    : next;
};

export function evolve(state: WaitingList, event: WaitingListEvent): WaitingList {
  switch (event.type) {
    case 'WaitingListJoined': {
      const { entryId, patientId, from, to } = event.data;
      return { ...state, entries: [...state.entries, { entryId, patientId, from, to, status: 'waiting', offer: null, declined: [] }] };
    }
    case 'WaitingListLeft':
      return updateEntry(state, event.data.entryId, (e) => ({ ...e, status: 'left' }));
    case 'WaitingListOfferReserved': {
      const { entryId, bookingId, slotId, start } = event.data;
      const next = { ...state, offers: { ...state.offers, [bookingId]: { entryId, bookingId, slotId, start, status: 'reserved' as const } } };
      return updateEntry(next, entryId, (e) => ({ ...e, offer: bookingId }));
    }
    case 'WaitingListOfferMade':
      return updateOffer(state, event.data.bookingId, 'made');
    case 'WaitingListOfferWithdrawn':
      return updateOffer(state, event.data.bookingId, 'withdrawn');
    case 'WaitingListOfferEnded':
      return updateOffer(state, event.data.bookingId, event.data.outcome);
  }
}

export const isOpen = (o: Offer) => o.status === 'reserved' || o.status === 'made';

export function decide(command: WaitingListCommand, state: WaitingList): WaitingListEvent[] {
  switch (command.type) {
    case 'Join': {
      if (state.entries.some((e) => e.patientId === command.patientId && e.status === 'waiting')) {
        throw new ConflictError('Sei già in lista d’attesa per questo medico.', 'gia_in_lista');
      }
      const { entryId, doctorId, patientId, from, to, at } = command;
      return [{ type: 'WaitingListJoined', data: { entryId, doctorId, patientId, from, to, at } }];
    }
    case 'Leave': {
      const entry = state.entries.find((e) => e.entryId === command.entryId);
      if (!entry || entry.status !== 'waiting') return [];
      return [{ type: 'WaitingListLeft', data: { entryId: command.entryId, reason: command.reason, at: command.at } }];
    }
    case 'ReserveOffer': {
      const o = command.offer;
      if (state.offers[o.bookingId]) return [];
      const entry = state.entries.find((e) => e.entryId === o.entryId);
      // fairness, decided here under the stream's revision: one open offer per patient, one per slot
      if (!entry || entry.status !== 'waiting') throw new ConflictError('Non è più in lista d’attesa.', 'non_in_lista');
      if (entry.offer !== null) throw new ConflictError('Ha già un orario proposto.', 'offerta_in_corso');
      if (Object.values(state.offers).some((x) => x.slotId === o.slotId && x.status === 'reserved'))
        throw new ConflictError('Orario già proposto.', 'orario_gia_proposto');
      return [{ type: 'WaitingListOfferReserved', data: o }];
    }
    case 'MakeOffer': {
      const offer = state.offers[command.bookingId];
      if (offer?.status !== 'reserved') return [];
      return [{ type: 'WaitingListOfferMade', data: { entryId: offer.entryId, bookingId: command.bookingId, at: command.at } }];
    }
    case 'WithdrawOffer': {
      const offer = state.offers[command.bookingId];
      if (offer?.status !== 'reserved') return [];
      return [{ type: 'WaitingListOfferWithdrawn', data: { entryId: offer.entryId, bookingId: command.bookingId, at: command.at } }];
    }
    case 'EndOffer': {
      const offer = state.offers[command.bookingId];
      if (!offer || !isOpen(offer)) return [];
      const ended: WaitingListEvent = {
        type: 'WaitingListOfferEnded',
        data: { entryId: offer.entryId, bookingId: command.bookingId, outcome: command.outcome, at: command.at },
      };
      return command.outcome === 'taken' ? [ended, { type: 'WaitingListLeft', data: { entryId: offer.entryId, reason: 'booked', at: command.at } }] : [ended];
    }
  }
}

export const waitingListDecider = { initialState, evolve, decide };
