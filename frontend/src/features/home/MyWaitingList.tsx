import { ListGroup } from 'react-bootstrap';
import { dayLong } from '../../lib/dates';
import { it } from '../../i18n/it';
import { useGetMyWaitingListQuery } from './waitingListApi';

const t = it.waitingList;

/** /home: where the patient waits; an offered slot shows up among the bookings, held for them */
export function MyWaitingList() {
  const list = useGetMyWaitingListQuery(undefined, { refetchOnMountOrArgChange: true, pollingInterval: 30_000 });
  if (!list.data || list.data.length === 0) return null;
  return (
    <section aria-labelledby="my-waiting-list-title" className="mt-4">
      <h2 className="h4" id="my-waiting-list-title">
        {t.mine}
      </h2>
      <ListGroup>
        {list.data.map((e) => (
          <ListGroup.Item key={e.id}>
            {t.entry(e.doctorName, dayLong(e.from), dayLong(e.to))} {e.status === 'offered' && <strong>{t.offered}</strong>}
          </ListGroup.Item>
        ))}
      </ListGroup>
    </section>
  );
}
