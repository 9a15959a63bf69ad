import { deciderSpec } from '../../../platform/event-store/decider-spec';
import { patientHoldDecider, type PatientHoldEvent } from './patient-hold.decider';

const given = deciderSpec(patientHoldDecider);
const claimed = (bookingId: string, replaces: string | null): PatientHoldEvent => ({
  type: 'PatientHoldClaimed',
  data: { patientId: 'p1', bookingId, replaces },
});

describe('patient hold decider', () => {
  it('a first hold replaces nothing', () =>
    given([])
      .when({ type: 'ClaimHold', patientId: 'p1', bookingId: 'b1' })
      .then([claimed('b1', null)]));
  it('a new hold names the one it replaces', () =>
    given([claimed('b1', null)])
      .when({ type: 'ClaimHold', patientId: 'p1', bookingId: 'b2' })
      .then([claimed('b2', 'b1')]));
  it('after two, the third replaces the latest only', () =>
    given([claimed('b1', null), claimed('b2', 'b1')])
      .when({ type: 'ClaimHold', patientId: 'p1', bookingId: 'b3' })
      .then([claimed('b3', 'b2')]));
  it('claiming the current hold again changes nothing (idempotent retry)', () =>
    given([claimed('b1', null), claimed('b2', 'b1')])
      .when({ type: 'ClaimHold', patientId: 'p1', bookingId: 'b2' })
      .then([]));
  it("an offer's claim (compare-and-set) stands only over the hold it saw: a second offer made at once is refused", () => {
    given([claimed('b1', null)])
      .when({ type: 'ClaimHold', patientId: 'p1', bookingId: 'offer-a', ifCurrent: 'b1' })
      .then([claimed('offer-a', 'b1')]);
    given([claimed('b1', null), claimed('offer-a', 'b1')])
      .when({ type: 'ClaimHold', patientId: 'p1', bookingId: 'offer-b', ifCurrent: 'b1' })
      .thenThrows('paziente_occupato');
    given([]).when({ type: 'ClaimHold', patientId: 'p1', bookingId: 'offer-b', ifCurrent: 'b1' }).thenThrows('paziente_occupato');
    given([])
      .when({ type: 'ClaimHold', patientId: 'p1', bookingId: 'offer-a', ifCurrent: null })
      .then([claimed('offer-a', null)]);
    // resumed after its own claim: nothing to do, whatever it saw before
    given([claimed('b1', null), claimed('offer-a', 'b1')])
      .when({ type: 'ClaimHold', patientId: 'p1', bookingId: 'offer-a', ifCurrent: 'b1' })
      .then([]);
  });
});
