import { Alert, Button, ListGroup } from 'react-bootstrap';
import { errorMessage } from '../../../lib/api';
import { dayLong } from '../../../lib/dates';
import * as it from '../../../i18n/it';
import { useGetMyWaitingListQuery, useLeaveWaitingListMutation } from './myWaitingListApi';

const t = it.waitingList;

/** /home: where the patient waits; an offered slot shows up among the bookings, held for them */
export function MyWaitingList() {
  const list = useGetMyWaitingListQuery(undefined, { refetchOnMountOrArgChange: true, pollingInterval: 30_000 });
  const [leave, leaving] = useLeaveWaitingListMutation();
  if (!list.data || list.data.length === 0) return null;
  return (
    <section aria-labelledby="my-waiting-list-title" className="mt-4">
      <h2 className="h4" id="my-waiting-list-title">
        {t.mine}
      </h2>
      {leaving.isError && (
        <Alert variant="danger" role="alert">
          {errorMessage(leaving.error, t.leaveFailed)}
        </Alert>
      )}
      <ListGroup>
        {list.data.map((e) => (
          <ListGroup.Item key={e.id} className="d-flex flex-wrap align-items-center justify-content-between gap-2">
            <span>
              {t.entry(e.doctorName, dayLong(e.from), dayLong(e.to))} {e.status === 'offered' && <strong>{t.offered}</strong>}
            </span>
            <Button
              variant="outline-secondary"
              size="sm"
              aria-label={t.leaveLabel(e.doctorName)}
              disabled={leaving.isLoading && leaving.originalArgs === e.id}
              onClick={() =>
                void leave(e.id)
                  .unwrap()
                  .catch(() => list.refetch())
              }
            >
              {leaving.isLoading && leaving.originalArgs === e.id ? t.leaving : t.leave}
            </Button>
          </ListGroup.Item>
        ))}
      </ListGroup>
    </section>
  );
}
