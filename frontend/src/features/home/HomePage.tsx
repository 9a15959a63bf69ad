import { lazy, Suspense } from 'react';
import { Card } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { useGetSessionQuery } from '../../lib/api';
import { Loading } from '../../components/ui/Loading';
import { canManageCalendars, PATHS } from '../../lib/paths';
import { it } from '../../i18n/it';
import { MyBookings } from './MyBookings';
import { MyOrders } from './MyOrders';
import { AccessLog } from './AccessLog';

/** the diet's read-only rich text (Tiptap) loads only for patients, with their home */
const MyDiet = lazy(() => import('./MyDiet').then((m) => ({ default: m.MyDiet })));

/** home of the logged-in user: a patient's bookings and paid orders */
export function HomePage() {
  const { data } = useGetSessionQuery();
  const user = data?.user;
  if (!user) return null;
  return (
    <>
      <Card>
        <Card.Body>
          <h1 className="h3">{it.home.title(user.name)}</h1>
          <p className="mb-2">{it.home.text}</p>
          {canManageCalendars(user.role) && (
            <>
              <p>{it.home.availabilityHint}</p>
              <Link className="btn btn-primary" to={PATHS.availability}>
                {it.home.goToAvailability}
              </Link>
            </>
          )}
        </Card.Body>
      </Card>
      {user.role === 'patient' && (
        <>
          <MyBookings />
          <MyOrders />
          <Suspense fallback={<Loading />}>
            <MyDiet />
          </Suspense>
          <AccessLog />
        </>
      )}
    </>
  );
}
