import { TodayAtPractice } from '../features/agenda/TodayAtPractice';
import { FrontDeskBooking } from './FrontDeskBooking';
import { HomePage } from '../features/home/HomePage';
import { useGetSessionQuery } from '../lib/api';

/** /home: each role's home; the front desk's also books for a patient on the phone and shows today's appointments of every doctor */
export function HomeRoute() {
  const role = useGetSessionQuery().data?.user?.role;
  return (
    <>
      <HomePage />
      {role === 'admin' && (
        <>
          <div className="mt-3">
            <FrontDeskBooking />
          </div>
          <TodayAtPractice />
        </>
      )}
    </>
  );
}
