import { InvalidEventError, accessStreamName } from '@studio/contracts';
import { testMetadata } from '../../platform/event-store/event-store.contract';
import { SqliteEventStore } from '../../platform/event-store/sqlite-event-store';
import type { KernelPorts } from '../../platform/kernel/kernel-ports';
import type { UsersService } from '../accounts/users';
import { AccessLogEntriesService } from './access-log-entries.service';

// The person's access log reads the person's access stream backwards: each event is checked against
// the catalogue before it is shown; an invalid one is reported (InvalidEventError, naming it), not shown half-empty.
describe('AccessLogEntriesService.entriesFor', () => {
  let store: SqliteEventStore;
  let get: jest.Mock;
  let service: AccessLogEntriesService;
  const stream = accessStreamName('p1');

  beforeEach(() => {
    store = new SqliteEventStore(':memory:');
    get = jest.fn(async (id: string) => ({ id }));
    const users = { get, displayName: async () => 'Giulia Rossi' } as unknown as UsersService;
    service = new AccessLogEntriesService({ eventStore: store } as unknown as KernelPorts, users);
  });
  afterEach(() => store.close());

  const accessed = (data: object, at = '2030-03-01T09:00:00.000Z') =>
    store.append(stream, [{ type: 'PersonalDataAccessed', data, metadata: testMetadata({ at }) }], { expectedRevision: 'any' });

  it('who read what, with the reader named', async () => {
    await accessed({ subjectId: 'p1', viewerId: 'd1', viewerRole: 'doctor', what: 'diet' });
    expect(await service.entriesFor('p1')).toEqual([
      {
        position: 1,
        at: '2030-03-01T09:00:00.000Z',
        firstAt: '2030-03-01T09:00:00.000Z',
        count: 1,
        viewerId: 'd1',
        viewerRole: 'doctor',
        viewerName: 'Giulia Rossi',
        viewerRegisterNumber: '',
        what: 'diet',
      },
    ]);
  });

  it('a reader kept in the record is shown as they were at the read, not as they are named now; a rename splits the hour', async () => {
    const frozen = { subjectId: 'p1', viewerId: 'd1', viewerRole: 'doctor', what: 'diet' };
    await accessed({ ...frozen, viewerName: 'Marco Verdi', viewerRegisterNumber: 'ONB 123' }, '2030-03-01T09:00:00.000Z');
    await accessed({ ...frozen, viewerName: 'Marco Bianchi', viewerRegisterNumber: 'ONB 123' }, '2030-03-01T09:10:00.000Z');
    expect((await service.entriesFor('p1')).map((e) => [e.viewerName, e.viewerRegisterNumber, e.count])).toEqual([
      ['Marco Bianchi', 'ONB 123', 1],
      ['Marco Verdi', 'ONB 123', 1],
    ]);
    // the names now are never asked for
    expect(get).not.toHaveBeenCalled();
  });

  it('16 reads by one reader, of one kind, in one hour are one entry "16 volte"; another hour, kind or reader is another entry', async () => {
    // a list render: sixteen records read within the same minute
    for (let i = 0; i < 16; i++)
      await accessed(
        { subjectId: 'p1', viewerId: 'd1', viewerRole: 'doctor', what: 'clinical_record' },
        `2030-03-01T09:${String(10 + i).padStart(2, '0')}:00.000Z`,
      );
    const [only, ...rest] = await service.entriesFor('p1');
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ count: 16, position: 16, at: '2030-03-01T09:25:00.000Z', firstAt: '2030-03-01T09:10:00.000Z', what: 'clinical_record' });

    await accessed({ subjectId: 'p1', viewerId: 'd1', viewerRole: 'doctor', what: 'clinical_record' }, '2030-03-01T10:00:00.000Z');
    await accessed({ subjectId: 'p1', viewerId: 'd1', viewerRole: 'doctor', what: 'diet' }, '2030-03-01T10:05:00.000Z');
    await accessed({ subjectId: 'p1', viewerId: 'd2', viewerRole: 'doctor', what: 'diet' }, '2030-03-01T10:06:00.000Z');
    await accessed({ subjectId: 'p1', viewerId: 'd1', viewerRole: 'doctor', what: 'diet' }, '2030-03-01T10:07:00.000Z');
    const entries = await service.entriesFor('p1');
    expect(entries.map((e) => [e.viewerId, e.what, e.at.slice(11, 16), e.count])).toEqual([
      ['d1', 'diet', '10:07', 2],
      ['d2', 'diet', '10:06', 1],
      ['d1', 'clinical_record', '10:00', 1],
      ['d1', 'clinical_record', '09:25', 16],
    ]);
    // the limit counts entries, not reads; the oldest entry still counts all of its hour
    expect((await service.entriesFor('p1', 4)).at(-1)!.count).toBe(16);
    expect((await service.entriesFor('p1', 2)).map((e) => e.count)).toEqual([2, 1]);
  });

  it('walks the log a page at a time: 450 reads in one hour are one entry with their count', async () => {
    for (let i = 0; i < 450; i++) await accessed({ subjectId: 'p1', viewerId: 'd1', viewerRole: 'doctor', what: 'diet' });
    expect((await service.entriesFor('p1')).map((e) => e.count)).toEqual([450]);
  });

  it('an invalid access event is reported, naming the event, its place and the field; no entry is shown', async () => {
    await accessed({ subjectId: 'p1', viewerRole: 'doctor', what: 'diet' });
    const entries = service.entriesFor('p1');
    await expect(entries).rejects.toThrow(InvalidEventError);
    await expect(entries).rejects.toThrow(/PersonalDataAccessed non valido alla posizione 1 \(access-p1\): viewerId/);
    expect(get).not.toHaveBeenCalled();
  });
});
