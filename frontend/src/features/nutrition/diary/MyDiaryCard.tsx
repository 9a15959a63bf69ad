import { Card } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../lib/paths';
import * as it from '../../../i18n/it';

const t = it.diaryCard;

/** the diary's card on /home: no request of its own (the page it opens reads the diary), so /home stays as fast */
export function MyDiaryCard() {
  return (
    <Card className="mt-3" id="my-diary">
      <Card.Body className="d-flex flex-wrap align-items-center gap-2">
        <div className="me-auto">
          <h2 className="h4 mb-1">{t.title}</h2>
          <p className="mb-0">{t.text}</p>
        </div>
        <Link to={PATHS.diary} className="btn btn-primary">
          {t.open}
        </Link>
      </Card.Body>
    </Card>
  );
}
