import { InvalidEventError, accessStreamName } from '@studio/contracts';
import { testMetadata } from '../event-store/event-store.contract';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import type { Core } from '../infrastructure/core';
import type { UsersService } from '../users';
import { AccessLogEntriesService } from './access-log-entries.service';

// The person's access log reads each PersonalDataAccessed the audit_events row points at: the event is checked against
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
    // the audit_events rows of the person's access stream, newest first
    const readModels = {
      find: async () =>
        (await store.readStream(stream, { direction: 'backwards' })).map((e) => ({
          doc: { stream: e.stream, revision: e.revision, position: e.position, at: e.metadata.at },
        })),
    } as unknown as Core['readModels'];
    service = new AccessLogEntriesService(store, readModels, users);
  });
  afterEach(() => store.close());

  const accessed = (data: object) =>
    store.append(stream, [{ type: 'PersonalDataAccessed', data, metadata: testMetadata({ at: '2030-03-01T09:00:00.000Z' }) }], { expectedRevision: 'any' });

  it('who read what, with the reader named', async () => {
    await accessed({ subjectId: 'p1', viewerId: 'd1', viewerRole: 'doctor', what: 'diet' });
    expect(await service.entriesFor('p1')).toEqual([
      { position: 1, at: '2030-03-01T09:00:00.000Z', viewerId: 'd1', viewerRole: 'doctor', viewerName: 'Giulia Rossi', what: 'diet' },
    ]);
  });

  it('an invalid access event is reported, naming the event, its place and the field; no entry is shown', async () => {
    await accessed({ subjectId: 'p1', viewerRole: 'doctor', what: 'diet' });
    const entries = service.entriesFor('p1');
    await expect(entries).rejects.toThrow(InvalidEventError);
    await expect(entries).rejects.toThrow(/PersonalDataAccessed non valido alla posizione 1 \(access-p1\): viewerId/);
    expect(get).not.toHaveBeenCalled();
  });
});
