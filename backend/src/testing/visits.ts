import { slotId } from '@studio/contracts';
import { registerPatients, type TestPatient } from './patients';
import { TEST_TAXCODE } from './payments';
import type { Client, TestApp } from './test-app';

/** the doctor's visit type, created from their settings: its id */
export async function createVisitType(
  doctor: Client,
  doctorId: string,
  type: { name: string; minutes: number; priceCents: number; mode?: 'studio' | 'online' },
): Promise<string> {
  const res = await doctor.agent
    .post(`/api/doctors/${doctorId}/visit-types`)
    .set('X-CSRF-Token', doctor.csrf)
    .send({ mode: 'studio', ...type })
    .expect(201);
  return res.body.id as string;
}

/** the weeks after the seeded ones: the doctor's weekly schedule (09:00–13:00 on weekdays), applied from `from` to `to` */
export async function openWeekdays(doctor: Client, doctorId: string, from: string, to: string): Promise<void> {
  const day = [{ from: '09:00', to: '13:00' }];
  await doctor.agent
    .put(`/api/doctors/${doctorId}/weekly-schedule`)
    .set('X-CSRF-Token', doctor.csrf)
    .send({ days: [day, day, day, day, day, [], []] })
    .expect(200);
  await doctor.agent.post(`/api/doctors/${doctorId}/weekly-schedule/apply`).set('X-CSRF-Token', doctor.csrf).send({ from, to }).expect(200);
}

/**
 * a new patient's visit at `start` (of the visit type, when given), paid at the desk by the doctor: confirmed. Without a
 * type it is their first visit with the doctor: at least the first visit's price (8000 in the demo catalogue).
 */
export async function confirmedAtDesk(
  app: TestApp,
  doctor: Client,
  doctorId: string,
  visit: { start: string; amountCents: number; visitType?: string; prefix?: string },
): Promise<{ patient: TestPatient; bookingId: string; start: string }> {
  const [patient] = await registerPatients(app, 1, visit.prefix);
  const bookingId = (
    await patient.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', patient.csrf)
      .send({ doctor_id: doctorId, availability_id: slotId(doctorId, visit.start), ...(visit.visitType ? { visit_type: visit.visitType } : {}) })
      .expect(201)
  ).body.id as string;
  await doctor.agent
    .post(`/api/bookings/${bookingId}/desk-payment`)
    .set('X-CSRF-Token', doctor.csrf)
    .send({ method: 'cash', amountCents: visit.amountCents, taxcode: TEST_TAXCODE })
    .expect(201);
  return { patient, bookingId, start: visit.start };
}
