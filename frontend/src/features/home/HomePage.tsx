import { Card } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { useGetSessionQuery } from '../../app/api';
import { canManageCalendars, PATHS } from '../../app/paths';
import { it } from '../../i18n/it';
import { MyBookings } from './MyBookings';
import { MyDiet } from './MyDiet';
import { MyOrders } from './MyOrders';
import { AccessLog } from './AccessLog';

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
          <MyDiet />
          <AccessLog />
        </>
      )}
    </>
  );
}
