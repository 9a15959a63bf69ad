import { lazy, memo, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { WeightTrend } from '../features/clinical/clinical-record/WeightTrend';
import { HomeWelcome } from './home/HomeWelcome';
import { TodayMeals } from './home/TodayMeals';
import { MyDiet } from '../features/nutrition/diet/MyDiet';
import { MyDiaryCard } from '../features/nutrition/diary/MyDiaryCard';
import { BookingConfirmation } from '../features/scheduling/my-bookings/BookingConfirmation';
import { MyBookings } from '../features/scheduling/my-bookings/MyBookings';
import { MyWaitingList } from '../features/scheduling/my-bookings/MyWaitingList';
import { MyOrders } from '../features/payments/orders/MyOrders';
import { useGetMyOrdersQuery, useGetMyReceiptsQuery } from '../features/payments/orders/myOrdersApi';
import { useGetErasureInfoQuery } from '../features/accounts/privacy/erasureApi';
import { AccessLog } from '../features/accounts/privacy/AccessLog';
import { ErasureRequest } from '../features/accounts/privacy/ErasureRequest';
import { PushOptIn } from '../features/notifications/push/PushOptIn';
import { Loading } from '../components/ui/Loading';
import * as it from '../i18n/it';
import { useGetSessionQuery } from '../lib/api';
import { useAppSelector } from '../lib/hooks';
import { usePageTitle } from '../lib/pageTitle';

// the other roles' cards: chunks of their own, so that a patient's /home (the page most people open) does not
// download the front desk's booking and payment forms nor the doctors' calendar feed
const CalendarFeedCard = lazy(() => import('../features/scheduling/agenda/CalendarFeedCard').then((m) => ({ default: m.CalendarFeedCard })));
const FrontDeskHome = lazy(() => import('./FrontDeskHome').then((m) => ({ default: m.FrontDeskHome })));

/** the first request of each card of a patient's home (the endpoints the cards below ask for) */
export const PATIENT_HOME_QUERIES: readonly string[] = [
  'getMyBookings',
  'getMyWaitingList',
  'getMyOrders',
  'getMyReceipts',
  'getMyMeasurements',
  'getMyDiet',
  'getMyAccessLog',
  'getErasureInfo',
];

/**
 * True once every card's first request has its answer (data or error), and from then on (a refetch does not hide
 * the cards again). The cards then show together: one after the other, each would push the ones below it down while
 * the patient reads (layout shift).
 */
function useCardsAnswered(): boolean {
  const answered = useAppSelector((state) => {
    const entries = Object.values(state.api.queries);
    return PATIENT_HOME_QUERIES.every((name) => entries.some((q) => q?.endpointName === name && (q.data !== undefined || q.error !== undefined)));
  });
  const [shown, setShown] = useState(answered);
  if (answered && !shown) setShown(true);
  return shown || answered;
}

/** the patient's home: a booking just paid for first, then bookings, lines, orders, health and privacy */
function PatientHome() {
  // after a confirmed payment (the payment page's navigation state): the booking's confirmation first
  const confirmedBooking = (useLocation().state as { confirmedBooking?: string } | null)?.confirmedBooking;
  const shown = useCardsAnswered();
  // the product paid for names a booking without a visit type ("Prima visita nutrizionale", not "Visita")
  const productName = useGetMyOrdersQuery().data?.find((o) => o.bookingId === confirmedBooking && o.status !== 'failed')?.productName;
  return (
    <>
      {confirmedBooking && <BookingConfirmation bookingId={confirmedBooking} productName={productName} />}
      {!shown && <Loading />}
      {/* the cards mount at once (their requests start together) and are shown when all have answered */}
      {/* app-patient-cards: printing /home prints the diet alone (my-diet.css) */}
      <div hidden={!shown} className="app-patient-cards">
        <PatientCards />
      </div>
    </>
  );
}

/**
 * The erasure box lists the receipts that stay: a receipt numbered after the box was read (just after a payment, the
 * orders card asks again until it has one) makes it read again, so it never says there are none while one is listed.
 */
function useErasureFollowsReceipts(): void {
  const receipts = useGetMyReceiptsQuery().data?.length;
  const erasure = useGetErasureInfoQuery();
  const seen = useRef(receipts);
  useEffect(() => {
    if (receipts !== undefined && seen.current !== undefined && receipts !== seen.current) void erasure.refetch();
    seen.current = receipts;
  }, [receipts, erasure]);
}

/**
 * Memoised (it takes no props): PatientHome renders again at each card's answer (whether all have answered) and at each
 * change of the orders; without it every card rendered again with it, eight times or more while /home loads.
 */
const PatientCards = memo(function PatientCards() {
  useErasureFollowsReceipts();
  return (
    <>
      {/* a phone opens on today's meals: the day's plan first, the week and the shopping list in the diet card */}
      <TodayMeals />
      <MyBookings />
      <MyWaitingList />
      <MyOrders />
      <WeightTrend />
      {/* with the page, not a chunk of its own: its request starts with the others', not one download later */}
      <MyDiet />
      <MyDiaryCard />
      {/* a setting, below what the patient reads: its long paragraph first on the screen became the page's largest
          paint, drawn only when every card has answered (Lighthouse's LCP on /home from 2.0 to 4.1 s) */}
      <PushOptIn />
      <AccessLog />
      <ErasureRequest />
    </>
  );
});

/** /home: the greeting and shortcuts, then each role's own cards, each from the feature it belongs to */
export function HomeRoute() {
  usePageTitle(it.titles.home);
  const role = useGetSessionQuery().data?.user?.role;
  if (!role) return null;
  return (
    <>
      <HomeWelcome />
      {role === 'patient' && <PatientHome />}
      {(role === 'doctor' || role === 'admin') && (
        <Suspense fallback={<Loading />}>
          {role === 'doctor' && <CalendarFeedCard />}
          {role === 'admin' && <FrontDeskHome />}
        </Suspense>
      )}
    </>
  );
}
