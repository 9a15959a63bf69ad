import { normalizeCouponCode, type ChargeQuote } from '@studio/contracts';
import { Card, Table } from 'react-bootstrap';
import { Loading } from '../../../components/ui/Loading';
import { formatEuro } from '../../../lib/money';
import * as it from '../../../i18n/it';

const t = it.payments;

/** the lines and the "Totale" the server computed (GET /api/paypal/quote): exactly what PayPal will be asked for */
export function ChargeSummary({
  productName,
  coupon,
  quote,
  loading,
}: {
  productName: string;
  coupon: string | null;
  quote: ChargeQuote | undefined;
  loading: boolean;
}) {
  if (!quote) return loading ? <Loading label={t.chargeLoading} /> : null;
  const label = (kind: ChargeQuote['lines'][number]['kind']) =>
    kind === 'visit' ? t.chargeVisit(productName) : kind === 'coupon' ? t.chargeCoupon(normalizeCouponCode(coupon ?? '')) : t.chargeStampDuty;
  return (
    <Card className="mb-3 app-charge" data-testid="charge-summary" aria-busy={loading || undefined}>
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {t.charge}
        </Card.Title>
        <Table size="sm" className="mb-1">
          <tbody>
            {quote.lines.map((line) => (
              <tr key={line.kind} data-kind={line.kind}>
                <td>{label(line.kind)}</td>
                <td className="text-end text-nowrap">{formatEuro(line.amountCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="fw-bold">
              <th scope="row">{t.chargeTotal}</th>
              <td className="text-end text-nowrap" data-testid="charge-total">
                {formatEuro(quote.totalCents)}
              </td>
            </tr>
          </tfoot>
        </Table>
        {quote.stampDutyCents > 0 && !quote.stampDutyCharged && (
          <p className="small text-body-secondary mb-0">{t.chargeStampDutyByDoctor(formatEuro(quote.stampDutyCents))}</p>
        )}
      </Card.Body>
    </Card>
  );
}
