import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { CalendarFeedCard } from '../features/agenda/CalendarFeedCard';
import { TodayAtPractice } from '../features/agenda/TodayAtPractice';
import { WeightTrend } from '../features/clinical-record/WeightTrend';
import { HomeWelcome } from '../features/home/HomeWelcome';
import { BookingConfirmation } from '../features/my-bookings/BookingConfirmation';
import { MyBookings } from '../features/my-bookings/MyBookings';
import { MyWaitingList } from '../features/my-bookings/MyWaitingList';
import { MyOrders } from '../features/orders/MyOrders';
import { AccessLog } from '../features/privacy/AccessLog';
import { ErasureRequest } from '../features/privacy/ErasureRequest';
import { Loading } from '../components/ui/Loading';
import * as it from '../i18n/it';
import { FrontDeskBooking } from './FrontDeskBooking';
import { useGetSessionQuery } from '../lib/api';
import { usePageTitle } from '../lib/pageTitle';

/** the diet's read-only rich text (Tiptap) loads only for patients, with their home */
const MyDiet = lazy(() => import('../features/diet/MyDiet').then((m) => ({ default: m.MyDiet })));

/** the patient's home: a booking just paid for first, then bookings, lines, orders, health and privacy */
function PatientHome() {
  // after a confirmed payment (the payment page's navigation state): the booking's confirmation first
  const confirmedBooking = (useLocation().state as { confirmedBooking?: string } | null)?.confirmedBooking;
  return (
    <>
      {confirmedBooking && <BookingConfirmation bookingId={confirmedBooking} />}
      <MyBookings />
      <MyWaitingList />
      <MyOrders />
      <WeightTrend />
      <Suspense fallback={<Loading />}>
        <MyDiet />
      </Suspense>
      <AccessLog />
      <ErasureRequest />
    </>
  );
}

/** /home: the greeting and shortcuts, then each role's own cards, each from the feature it belongs to */
export function HomeRoute() {
  usePageTitle(it.titles.home);
  const role = useGetSessionQuery().data?.user?.role;
  if (!role) return null;
  return (
    <>
      <HomeWelcome />
      {role === 'doctor' && <CalendarFeedCard />}
      {role === 'patient' && <PatientHome />}
      {/* the front desk's home books for a patient on the phone and shows today's appointments of every doctor */}
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
