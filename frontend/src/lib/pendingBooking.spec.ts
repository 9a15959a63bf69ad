/** @jest-environment jsdom */
import { clearPendingBooking, keepPendingBooking, PENDING_BOOKING_KEY, readPendingBooking } from './pendingBooking';

const choice = { doctorId: 'd1', availabilityId: 'd1~203001070900', date: '2030-01-07', hour: '09:00' };

describe('pending booking (sessionStorage)', () => {
  beforeEach(() => sessionStorage.clear());

  test('kept, read back, cleared', () => {
    expect(readPendingBooking()).toBeNull();
    keepPendingBooking(choice);
    expect(readPendingBooking()).toEqual(choice);
    clearPendingBooking();
    expect(readPendingBooking()).toBeNull();
  });

  test('anything malformed reads as nothing (availability_id 0 included)', () => {
    for (const raw of [
      '{',
      '"x"',
      JSON.stringify({ ...choice, availabilityId: '0' }),
      JSON.stringify({ ...choice, date: '7/1/2030' }),
      JSON.stringify({ ...choice, doctorId: '' }),
    ]) {
      sessionStorage.setItem(PENDING_BOOKING_KEY, raw);
      expect(readPendingBooking()).toBeNull();
    }
  });
});
