import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { tellHost } from './widgetHost';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import * as it from '../i18n/it';
import { errorMessage } from './api';
import { useHoldSlotMutation, type HoldArgs } from './bookingsApi';
import { questionnairePath } from './paths';
import { clearPendingBooking } from './pendingBooking';

export type HoldOutcome = { ok: true } | { ok: false; status: FetchBaseQueryError['status'] | undefined; message: string };

/** router state of the questionnaire step: the hold's expiry, known before /api/me/bookings answers */
export type QuestionnaireState = { expiresAt?: string };

/**
 * Holds a slot for the logged-in patient (POST /prenotazioni) and, when held, forgets any kept
 * choice and goes on to the questionnaire step. A refusal comes back with the server's message.
 */
export function useHoldChoice() {
  const [holdSlot, state] = useHoldSlotMutation();
  const navigate = useNavigate();
  const hold = useCallback(
    async (choice: HoldArgs): Promise<HoldOutcome> => {
      try {
        const answer = await holdSlot(choice).unwrap();
        clearPendingBooking();
        tellHost('held', { doctorId: choice.doctorId });
        const routerState: QuestionnaireState = { expiresAt: answer.expiresAt };
        void navigate(questionnairePath(answer.id, choice.doctorId), { state: routerState });
        return { ok: true };
      } catch (error) {
        const status = error && typeof error === 'object' && 'status' in error ? (error as FetchBaseQueryError).status : undefined;
        return { ok: false, status, message: errorMessage(error, it.booking.holdFailed) };
      }
    },
    [holdSlot, navigate],
  );
  return [hold, state] as const;
}
