import type { BookingView } from '@studio/contracts';
import { formatEuro } from '../../lib/money';
import * as it from '../../i18n/it';

const t = it.journey;

/** a cancelled booking: who cancelled it, the reason the practice gave, and what was refunded */
export function CancellationDetails({ cancellation }: { cancellation: NonNullable<BookingView['cancellation']> }) {
  return (
    <div className="small mt-1 app-cancellation" data-testid="cancellation">
      <p className="mb-0">{t.cancelledBy[cancellation.by]}</p>
      {cancellation.reason && <p className="mb-0">{t.cancelReason(cancellation.reason)}</p>}
      <p className="mb-0">
        {cancellation.refundCents !== null ? t.refundAmount(formatEuro(cancellation.refundCents)) : cancellation.refund === 'none' ? t.noRefund : null}
      </p>
    </div>
  );
}
