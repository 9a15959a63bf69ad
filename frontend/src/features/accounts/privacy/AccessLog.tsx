import { formatDateTime } from '../../../lib/format';
import { Card, Table } from 'react-bootstrap';
import * as it from '../../../i18n/it';
import { useGetMyAccessLogQuery } from './accessLogApi';

/** who looked at the patient's record and when (Garante, dossier sanitario) */
export function AccessLog() {
  const log = useGetMyAccessLogQuery();
  return (
    <Card className="mt-3">
      <Card.Body>
        <h2 className="h5">{it.accessLog.title}</h2>
        <p className="small">{it.accessLog.intro}</p>
        {log.isError && <p className="small text-danger">{it.accessLog.error}</p>}
        {log.data && log.data.length === 0 && <p className="small">{it.accessLog.empty}</p>}
        {log.data && log.data.length > 0 && (
          <Table size="sm" responsive data-testid="access-log">
            <thead>
              <tr>
                <th>{it.accessLog.when}</th>
                <th>{it.accessLog.who}</th>
                <th>{it.accessLog.what}</th>
              </tr>
            </thead>
            <tbody>
              {log.data.map((e) => (
                <tr key={e.position}>
                  <td>{formatDateTime(e.at)}</td>
                  <td>
                    {e.viewerName} ({it.roles[e.viewerRole as keyof typeof it.roles] ?? e.viewerRole}
                    {e.viewerRegisterNumber ? `, ${it.accessLog.registerNumber(e.viewerRegisterNumber)}` : ''})
                  </td>
                  <td>
                    {it.accessLog.whatLabels[e.what] ?? e.what}
                    {(e.count ?? 1) > 1 && <span className="access-log-count"> ({it.accessLog.times(e.count)})</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card.Body>
    </Card>
  );
}
