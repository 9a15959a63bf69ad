import type { ReminderChannelFigure, StatisticsRow, VisitCounts, VisitStatistics } from '@studio/contracts';
import type { VisitFigureDoc } from './visit-figures.projection';

const CHANNELS: ReminderChannelFigure[] = ['whatsapp', 'sms', 'email', 'none'];

/** the counts of some paid visits; the no-show rate is out of those not cancelled */
export function countVisits(visits: VisitFigureDoc[]): VisitCounts {
  const cancelled = visits.filter((v) => v.cancelled).length;
  const noShows = visits.filter((v) => v.noShow && !v.cancelled).length;
  const held = visits.length - cancelled;
  return {
    visits: visits.length,
    confirmedByReply: visits.filter((v) => v.confirmedByReply).length,
    cancelledByReply: visits.filter((v) => v.cancelledByReply).length,
    cancelled,
    noShows,
    noShowRate: held > 0 ? noShows / held : null,
  };
}

/** by month of the visit and channel of its last reminder, with the totals and the comparison around a chosen day */
export function visitStatistics(visits: VisitFigureDoc[], compareAt: string | null): VisitStatistics {
  const groups = new Map<string, VisitFigureDoc[]>();
  for (const v of visits) {
    const key = `${v.start.slice(0, 7)}|${v.reminderChannel}`;
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  const rows: StatisticsRow[] = [...groups.entries()]
    .map(([key, group]) => {
      const [month, channel] = key.split('|') as [string, ReminderChannelFigure];
      return { month, channel, ...countVisits(group) };
    })
    .sort((a, b) => a.month.localeCompare(b.month) || CHANNELS.indexOf(a.channel) - CHANNELS.indexOf(b.channel));
  return {
    rows,
    totals: countVisits(visits),
    comparison: compareAt
      ? { at: compareAt, before: countVisits(visits.filter((v) => v.start < compareAt)), after: countVisits(visits.filter((v) => v.start >= compareAt)) }
      : null,
  };
}
