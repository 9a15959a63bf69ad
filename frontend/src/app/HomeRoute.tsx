import { TodayAtPractice } from '../features/agenda/TodayAtPractice';
import { HomePage } from '../features/home/HomePage';
import { useGetSessionQuery } from '../lib/api';

/** /home: each role's home; the front desk's also shows today's appointments of every doctor (the agenda feature's) */
export function HomeRoute() {
  const role = useGetSessionQuery().data?.user?.role;
  return (
    <>
      <HomePage />
      {role === 'admin' && <TodayAtPractice />}
    </>
  );
}
