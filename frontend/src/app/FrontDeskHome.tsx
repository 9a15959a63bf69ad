import { TodayAtPractice } from '../features/scheduling/agenda/TodayAtPractice';
import { FrontDeskBooking } from './FrontDeskBooking';

/** the front desk's /home: books for a patient on the phone and shows today's appointments of every doctor */
export function FrontDeskHome() {
  return (
    <>
      <div className="mt-3">
        <FrontDeskBooking />
      </div>
      <TodayAtPractice />
    </>
  );
}
