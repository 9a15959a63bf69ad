import type { DoctorSummary } from '@studio/contracts';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../../lib/hooks';
import { readPendingBooking } from '../../../lib/pendingBooking';
import { doctorChosen, visitTypeChosen } from './bookingSlice';

/**
 * /prenota?medico=<slug or id>&tipo=<visit type id>: the "Prenota" of a doctor's public page starts with the doctor
 * and the visit type chosen. Applied once, when the doctors are known; a choice kept before registering wins.
 */
export function usePreselectedChoice(doctors: readonly DoctorSummary[] | undefined): void {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const applied = useRef(false);
  const wanted = params.get('medico');
  const visitTypeId = params.get('tipo');
  useEffect(() => {
    if (applied.current || !wanted || !doctors) return;
    applied.current = true;
    if (readPendingBooking()) return;
    const doctor = doctors.find((d) => d.slug === wanted || d.id === wanted);
    if (!doctor) return;
    dispatch(doctorChosen(doctor.id));
    if (visitTypeId) dispatch(visitTypeChosen(visitTypeId));
  }, [dispatch, doctors, wanted, visitTypeId]);
}
