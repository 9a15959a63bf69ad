import { AgendaQuery, CancelBookingRequest, OutcomeRequest, RescheduleBookingRequest, cancellationPolicy } from './booking';

describe('cancellation policy', () => {
  const visit = Date.parse('2030-03-06T08:00:00Z');
  const h = 3_600_000;
  it('a patient before the cut-off: full refund, may move it', () =>
    expect(cancellationPolicy(visit, visit - 25 * h, 24, 'patient')).toEqual({
      cutoffAt: '2030-03-05T08:00:00.000Z',
      past: false,
      beforeCutoff: true,
      refund: 'full',
      canReschedule: true,
    }));
  it('a patient at or after the cut-off: no refund, may not move it', () => {
    expect(cancellationPolicy(visit, visit - 24 * h, 24, 'patient')).toMatchObject({ refund: 'none', canReschedule: false, past: false });
    expect(cancellationPolicy(visit, visit - h, 24, 'patient')).toMatchObject({ refund: 'none', canReschedule: false });
  });
  it('the practice always refunds and may move any visit not yet begun', () => {
    expect(cancellationPolicy(visit, visit - h, 24, 'doctor')).toMatchObject({ refund: 'full', canReschedule: true });
    expect(cancellationPolicy(visit, visit - h, 24, 'admin')).toMatchObject({ refund: 'full', canReschedule: true });
  });
  it('a visit begun is past for everyone', () => expect(cancellationPolicy(visit, visit, 24, 'admin')).toMatchObject({ past: true, canReschedule: false }));
  it('a cut-off of 0 hours: refunded until the visit', () => expect(cancellationPolicy(visit, visit - 1, 0, 'patient')).toMatchObject({ refund: 'full' }));
});

describe('requests of the practice week', () => {
  it('cancel: an optional reason, trimmed, at most 500 characters, Italian messages', () => {
    expect(CancelBookingRequest.parse({})).toEqual({});
    expect(CancelBookingRequest.parse({ reason: '  Imprevisto ' })).toEqual({ reason: 'Imprevisto' });
    expect(CancelBookingRequest.safeParse({ reason: 'x'.repeat(501) }).error?.issues[0].message).toMatch(/troppo lungo/);
  });
  it('reschedule: the new slot is required', () =>
    expect(RescheduleBookingRequest.safeParse({ availability_id: ' ' }).error?.issues[0].message).toBe('Scegli il nuovo orario'));
  it('outcome: completed or no_show only', () => {
    expect(OutcomeRequest.parse({ outcome: 'no_show' })).toEqual({ outcome: 'no_show' });
    expect(OutcomeRequest.safeParse({ outcome: 'forse' }).error?.issues[0].message).toMatch(/Esito non valido/);
  });
  it('agenda: real days, in order, at most 62 of them', () => {
    expect(AgendaQuery.safeParse({ from: '2030-03-04', to: '2030-03-10' }).success).toBe(true);
    expect(AgendaQuery.safeParse({ from: '2030-03-10', to: '2030-03-04' }).error?.issues[0].message).toMatch(/data finale/);
    expect(AgendaQuery.safeParse({ from: '2030-01-01', to: '2030-12-31' }).error?.issues[0].message).toMatch(/troppo ampio/);
    expect(AgendaQuery.safeParse({ from: '2030-02-31', to: '2030-03-01' }).success).toBe(false);
  });
});
