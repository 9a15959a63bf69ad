import type { UnknownAction } from '@reduxjs/toolkit';
import { liveConnectionChanged } from '../../../lib/liveStatus';
import { it as t } from '../../../i18n/it';
import {
  bookingSlice,
  choiceRestored,
  dayChosen,
  dayEmptied,
  doctorChosen,
  holdErrorDismissed,
  hourChosen,
  initialBookingState,
  liveWatchStarted,
  noticeDismissed,
  selectAvailabilityId,
  selectBookingLive,
  selectCanSave,
  selectSubmitLabel,
  slotVanished,
  type BookingUiState,
} from './bookingSlice';

const reduce = (actions: UnknownAction[], from: BookingUiState = initialBookingState) => actions.reduce((s, a) => bookingSlice.reducer(s, a), from);
const view = (booking: BookingUiState) => {
  const state = { booking };
  return {
    availabilityId: selectAvailabilityId(state),
    canSave: selectCanSave(state),
    label: selectSubmitLabel(state),
    live: selectBookingLive(state),
  };
};

const nine = { id: 'd1~202503100900', hour: '09:00' };
const ten = { id: 'd1~202503101000', hour: '10:00' };
const chosen = () => reduce([doctorChosen('d1'), dayChosen('2025-03-10'), hourChosen(nine)]);

// the RTK Query lifecycle actions of POST /prenotazioni, as the matchers see them
const holdArg = { type: 'mutation', endpointName: 'holdSlot', originalArgs: { doctorId: 'd1', availabilityId: nine.id } };
const holdPending = { type: 'api/executeMutation/pending', meta: { arg: holdArg, requestId: 'r', requestStatus: 'pending' } };
const holdFulfilled = {
  type: 'api/executeMutation/fulfilled',
  payload: { id: 'b1', expiresAt: '2025-03-10T08:15:00Z' },
  meta: { arg: holdArg, requestId: 'r', requestStatus: 'fulfilled', fulfilledTimeStamp: 1 },
};
const holdRejected = (status: number, message: string) => ({
  type: 'api/executeMutation/rejected',
  payload: { status, data: { error: { code: 'X', message } } },
  error: { message: 'Rejected' },
  meta: { arg: holdArg, requestId: 'r', requestStatus: 'rejected', rejectedWithValue: true, aborted: false, condition: false },
});
const slotsFulfilled = (date: string, slots: { id: string; hour: string }[]) => ({
  type: 'api/executeQuery/fulfilled',
  payload: slots,
  meta: {
    arg: { type: 'query', endpointName: 'getFreeSlots', queryCacheKey: 'k', originalArgs: { doctorId: 'd1', date } },
    requestId: 'q',
    requestStatus: 'fulfilled',
    fulfilledTimeStamp: 1,
  },
});

describe('booking state machine', () => {
  test('initially: availability_id 0, the button disabled and reading the specified text', () => {
    expect(view(initialBookingState)).toMatchObject({
      availabilityId: '0',
      canSave: false,
      label: "Seleziona prima un giorno e un'ora per procedere",
    });
    expect(t.booking.submitChoose).toBe("Seleziona prima un giorno e un'ora per procedere");
  });

  test('choosing a doctor keeps the button disabled; a day cannot be chosen before a doctor', () => {
    expect(reduce([dayChosen('2025-03-10')]).day).toBeNull();
    const s = reduce([doctorChosen('d1')]);
    expect(s.doctorId).toBe('d1');
    expect(view(s)).toMatchObject({ availabilityId: '0', canSave: false, label: t.booking.submitChoose });
  });

  test('choosing a day sets the day, keeps availability_id 0 and the button disabled', () => {
    const s = reduce([doctorChosen('d1'), dayChosen('2025-03-10')]);
    expect(s.day).toBe('2025-03-10');
    expect(s.slot).toBeNull();
    expect(view(s)).toMatchObject({ availabilityId: '0', canSave: false, label: t.booking.submitChoose });
  });

  test('an hour cannot be chosen before a day', () => {
    expect(reduce([doctorChosen('d1'), hourChosen(nine)]).slot).toBeNull();
  });

  test('choosing an hour sets availability_id, relabels the button "Salva" and enables it', () => {
    const s = chosen();
    expect(s.slot).toEqual(nine);
    expect(view(s)).toEqual({ availabilityId: nine.id, canSave: true, label: 'Salva', live: 'connecting' });
  });

  test('only one hour at a time: choosing another replaces it', () => {
    const s = reduce([hourChosen(ten)], chosen());
    expect(s.slot).toEqual(ten);
    expect(view(s).availabilityId).toBe(ten.id);
  });

  test('choosing a day (another or the same) clears the hour: availability_id back to 0, button disabled again', () => {
    for (const day of ['2025-03-11', '2025-03-10']) {
      const s = reduce([dayChosen(day)], chosen());
      expect(s.day).toBe(day);
      expect(s.slot).toBeNull();
      expect(view(s)).toMatchObject({ availabilityId: '0', canSave: false, label: t.booking.submitChoose });
    }
  });

  test('choosing another doctor clears day and hour; the same doctor again changes nothing', () => {
    expect(reduce([doctorChosen('d1')], chosen())).toEqual(chosen());
    const s = reduce([doctorChosen('d2')], chosen());
    expect(s).toMatchObject({ doctorId: 'd2', day: null, slot: null });
    expect(reduce([doctorChosen(null)], chosen())).toMatchObject({ doctorId: null, day: null, slot: null });
  });

  describe('live: the chosen hour vanished', () => {
    test('unchosen (availability_id 0, initial label, disabled) with the "just taken" notice', () => {
      const s = reduce([slotVanished({ doctorId: 'd1', date: '2025-03-10', slotId: nine.id, hour: '09:00' })], chosen());
      expect(s.slot).toBeNull();
      expect(s.day).toBe('2025-03-10');
      expect(s.notice).toBe('hourTaken');
      expect(view(s)).toMatchObject({ availabilityId: '0', canSave: false, label: t.booking.submitChoose });
    });

    test('recognised by its hour too (same doctor and day)', () => {
      const s = reduce([slotVanished({ doctorId: 'd1', date: '2025-03-10', slotId: 'other-id', hour: '09:00' })], chosen());
      expect(s.slot).toBeNull();
    });

    test('another hour, another day or another doctor vanishing changes nothing', () => {
      for (const p of [
        { doctorId: 'd1', date: '2025-03-10', slotId: ten.id, hour: '10:00' },
        { doctorId: 'd1', date: '2025-03-11', slotId: 'd1~202503110900', hour: '09:00' },
        { doctorId: 'd2', date: '2025-03-10', slotId: 'd2~202503100900', hour: '09:00' },
      ]) {
        expect(reduce([slotVanished(p)], chosen())).toEqual(chosen());
      }
    });

    test('closed by the doctor: the notice says so, not that another patient took it', () => {
      const s = reduce([slotVanished({ doctorId: 'd1', date: '2025-03-10', slotId: nine.id, hour: '09:00', reason: 'closed' })], chosen());
      expect(s.slot).toBeNull();
      expect(s.notice).toBe('hourClosed');
    });

    test('ignored while our own hold of it is in flight (its change may come before the answer)', () => {
      const holding = reduce([holdPending], chosen());
      const s = reduce([slotVanished({ doctorId: 'd1', date: '2025-03-10', slotId: nine.id, hour: '09:00' })], holding);
      expect(s.slot).toEqual(nine);
      expect(s.notice).toBeNull();
    });

    test('a fresh answer of the day without the chosen hour unchooses it too', () => {
      const s = reduce([slotsFulfilled('2025-03-10', [ten])], chosen());
      expect(s.slot).toBeNull();
      // who took it away is not known: the notice does not claim another patient did
      expect(s.notice).toBe('hourGone');
      expect(reduce([slotsFulfilled('2025-03-10', [nine, ten])], chosen())).toEqual(chosen());
      expect(reduce([slotsFulfilled('2025-03-11', [])], chosen())).toEqual(chosen());
    });

    test('choosing again clears the notice; it can be dismissed', () => {
      const taken = reduce([slotVanished({ doctorId: 'd1', date: '2025-03-10', slotId: nine.id, hour: '09:00' })], chosen());
      expect(reduce([hourChosen(ten)], taken).notice).toBeNull();
      expect(reduce([dayChosen('2025-03-12')], taken).notice).toBeNull();
      expect(reduce([noticeDismissed()], taken).notice).toBeNull();
    });
  });

  test('the chosen day left without free hours is unchosen, with a notice (the hour notice wins)', () => {
    const dayOnly = reduce([doctorChosen('d1'), dayChosen('2025-03-10')]);
    const s = reduce([dayEmptied({ doctorId: 'd1', date: '2025-03-10' })], dayOnly);
    expect(s).toMatchObject({ day: null, slot: null, notice: 'dayFull' });
    const both = reduce(
      [slotVanished({ doctorId: 'd1', date: '2025-03-10', slotId: nine.id, hour: '09:00' }), dayEmptied({ doctorId: 'd1', date: '2025-03-10' })],
      chosen(),
    );
    expect(both).toMatchObject({ day: null, slot: null, notice: 'hourTaken' });
    expect(reduce([dayEmptied({ doctorId: 'd1', date: '2025-03-11' })], dayOnly)).toEqual(dayOnly);
  });

  describe('Salva (POST /prenotazioni)', () => {
    test('in flight: the button is disabled and choices are refused', () => {
      const s = reduce([holdPending], chosen());
      expect(s.holding).toBe(true);
      expect(view(s).canSave).toBe(false);
      expect(reduce([hourChosen(ten), dayChosen('2025-03-11'), doctorChosen('d2')], s)).toEqual(s);
    });

    test('held: the choice is reset (the doctor stays)', () => {
      const s = reduce([holdPending, holdFulfilled], chosen());
      expect(s).toMatchObject({ doctorId: 'd1', day: null, slot: null, holding: false, holdError: null });
    });

    test("409: the server's message, the hour unchosen, the day kept", () => {
      const s = reduce([holdPending, holdRejected(409, 'Lo slot è già stato prenotato')], chosen());
      expect(s).toMatchObject({ holding: false, holdError: 'Lo slot è già stato prenotato', slot: null, day: '2025-03-10' });
      expect(view(s)).toMatchObject({ availabilityId: '0', canSave: false, label: t.booking.submitChoose });
      expect(reduce([holdErrorDismissed()], s).holdError).toBeNull();
    });

    test('another refusal keeps the choice so that Salva can be pressed again', () => {
      const s = reduce([holdPending, holdRejected(500, 'Errore del server')], chosen());
      expect(s).toMatchObject({ holding: false, holdError: 'Errore del server', slot: nine });
      expect(view(s).canSave).toBe(true);
    });
  });

  test('a kept choice is restored (after registering or logging in), a refusal message stays', () => {
    const refused = reduce([holdPending, holdRejected(500, 'Errore del server')], chosen());
    const s = reduce([choiceRestored({ doctorId: 'd2', date: '2025-03-12', availabilityId: 'd2~202503121400', hour: '14:00' })], refused);
    expect(s).toMatchObject({ doctorId: 'd2', day: '2025-03-12', slot: { id: 'd2~202503121400', hour: '14:00' } });
    expect(s.holdError).toBe('Errore del server');
    expect(view(s)).toMatchObject({ availabilityId: 'd2~202503121400', canSave: true, label: 'Salva' });
  });

  test('logging out forgets the choice', () => {
    const loggedOut = {
      type: 'api/executeMutation/fulfilled',
      payload: { user: null, csrfToken: 'x' },
      meta: { arg: { type: 'mutation', endpointName: 'logout', originalArgs: undefined }, requestId: 'l', requestStatus: 'fulfilled', fulfilledTimeStamp: 1 },
    };
    expect(reduce([loggedOut], chosen())).toEqual(initialBookingState);
  });

  test("live status: 'online' only once the chosen doctor's watch is acknowledged; offline forgets the watches", () => {
    let s = reduce([doctorChosen('d1'), liveConnectionChanged('online')]);
    expect(view(s).live).toBe('connecting');
    s = reduce([liveWatchStarted({ doctorId: 'd2' })], s);
    expect(view(s).live).toBe('connecting');
    s = reduce([liveWatchStarted({ doctorId: 'd1' })], s);
    expect(view(s).live).toBe('online');
    s = reduce([liveConnectionChanged('offline')], s);
    expect(view(s).live).toBe('offline');
    expect(s.watchedDoctorIds).toEqual([]);
  });
});
