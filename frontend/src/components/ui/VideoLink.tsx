import type { BookingView } from '@studio/contracts';
import { Button } from 'react-bootstrap';
import { localDateTime } from '../../lib/dates';
import { useNow } from '../../lib/useNow';
import * as it from '../../i18n/it';

const t = it.journey;

/**
 * An online visit's room: a button that opens it from 15 minutes before the start (the server's `opensAt`); before
 * then the button is disabled and says when it opens. The time is checked every 15 seconds, so it opens on its own.
 */
export function VideoLink({ video }: { video: NonNullable<BookingView['video']> }) {
  const opensAt = Date.parse(video.opensAt);
  const now = useNow(15_000);
  const open = now >= opensAt;
  return (
    <div className="mt-2 app-video-link" data-open={open}>
      {open ? (
        <a className="btn btn-success btn-sm" href={video.url} target="_blank" rel="noopener noreferrer">
          {t.joinVideo}
        </a>
      ) : (
        <Button variant="success" size="sm" disabled aria-describedby={`video-opens-${video.opensAt}`}>
          {t.joinVideo}
        </Button>
      )}
      <p className="small mb-0 mt-1" id={`video-opens-${video.opensAt}`} role="status">
        {open ? t.videoOpen : t.videoOpensAt(`il ${localDateTime(video.opensAt)}`)}
      </p>
    </div>
  );
}
