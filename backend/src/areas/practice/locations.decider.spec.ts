import { deciderSpec } from '../../platform/event-store/decider-spec';
import { locationsDecider } from './locations.decider';

const admin = { id: 'a1', admin: true };
const doctor = { id: 'd1', admin: false };
const details = { name: 'Sede centro', address: 'Via Roma 1, Milano', phone: '', notes: '', mapUrl: '' };
const created = (locationId = 'l1', name = 'Sede centro', rooms = [{ id: 'r1', name: 'Stanza 1' }]) => ({
  type: 'LocationCreated' as const,
  data: { locationId, ...details, name, rooms },
});

describe('locations decider', () => {
  const given = deciderSpec(locationsDecider);

  it('the administrator creates a location with its rooms', () =>
    given([])
      .when({ type: 'CreateLocation', actor: admin, locationId: 'l1', details, rooms: [{ id: 'r1', name: 'Stanza 1' }] })
      .then([created()]));
  it('the same creation again (a retry) appends nothing', () =>
    given([created()])
      .when({ type: 'CreateLocation', actor: admin, locationId: 'l1', details, rooms: [{ id: 'r1', name: 'Stanza 1' }] })
      .then([]));
  it('a doctor may not create a location', () =>
    given([]).when({ type: 'CreateLocation', actor: doctor, locationId: 'l1', details, rooms: [] }).thenThrows('solo_amministrazione'));
  it('two locations may not share a name (case aside)', () =>
    given([created()])
      .when({ type: 'CreateLocation', actor: admin, locationId: 'l2', details: { ...details, name: 'SEDE CENTRO' }, rooms: [] })
      .thenThrows('sede_esistente'));
  it('an update keeps the rooms given with their id, adds the new ones, removes the others', () =>
    given([
      created('l1', 'Sede centro', [
        { id: 'r1', name: 'Stanza 1' },
        { id: 'r2', name: 'Stanza 2' },
      ]),
    ])
      .when({
        type: 'UpdateLocation',
        actor: admin,
        locationId: 'l1',
        details,
        rooms: [{ id: 'r2', name: 'Studio blu' }, { name: 'Stanza 3' }],
        newRoomIds: ['r3'],
      })
      .then([
        {
          type: 'LocationUpdated',
          data: {
            locationId: 'l1',
            ...details,
            rooms: [
              { id: 'r2', name: 'Studio blu' },
              { id: 'r3', name: 'Stanza 3' },
            ],
          },
        },
      ]));
  it('an update that changes nothing appends nothing', () =>
    given([created()])
      .when({ type: 'UpdateLocation', actor: admin, locationId: 'l1', details, rooms: [{ id: 'r1', name: 'Stanza 1' }], newRoomIds: [] })
      .then([]));
  it('an unknown location is 404', () =>
    given([]).when({ type: 'UpdateLocation', actor: admin, locationId: 'l9', details, rooms: [], newRoomIds: [] }).thenThrows('sede_non_trovata'));
  it('a room of another location is refused', () =>
    given([created(), created('l2', 'Sede nord', [{ id: 'r9', name: 'Stanza nord' }])])
      .when({ type: 'UpdateLocation', actor: admin, locationId: 'l1', details, rooms: [{ id: 'r9', name: 'Stanza nord' }], newRoomIds: [] })
      .thenThrows('stanza_non_trovata'));
  it('an update may not take another location’s name', () =>
    given([created(), created('l2', 'Sede nord', [])])
      .when({ type: 'UpdateLocation', actor: admin, locationId: 'l2', details, rooms: [], newRoomIds: [] })
      .thenThrows('sede_esistente'));
  it('a doctor may not update a location', () =>
    given([created()])
      .when({ type: 'UpdateLocation', actor: doctor, locationId: 'l1', details, rooms: [], newRoomIds: [] })
      .thenThrows('solo_amministrazione'));
});
