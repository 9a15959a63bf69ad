import type { EventData } from '@studio/contracts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../platform/common/errors';
import type { Actor } from './practice-settings.decider';

/** the stream `location-practice`: every location with its rooms */
export type LocationEvent = { type: 'LocationCreated'; data: EventData<'LocationCreated'> } | { type: 'LocationUpdated'; data: EventData<'LocationUpdated'> };

export type LocationsState = ReadonlyMap<string, EventData<'LocationCreated'>>;

type Details = Omit<EventData<'LocationCreated'>, 'locationId' | 'rooms'>;

export type LocationCommand =
  | { type: 'CreateLocation'; actor: Actor; locationId: string; details: Details; rooms: { id: string; name: string }[] }
  | {
      type: 'UpdateLocation';
      actor: Actor;
      locationId: string;
      details: Details;
      /** as asked: a room with an id is kept (renamed), one without gets `newRoomIds`' next id */
      rooms: { id?: string; name: string }[];
      newRoomIds: string[];
    };

export const LOCATIONS_BY_ADMIN_MESSAGE = 'Solo l’amministrazione dello studio gestisce le sedi e le stanze.';

export const initialState = (): LocationsState => new Map();

export function evolve(state: LocationsState, event: LocationEvent): LocationsState {
  return new Map(state).set(event.data.locationId, event.data);
}

const sameName = (a: string, b: string) => a.toLocaleLowerCase('it') === b.toLocaleLowerCase('it');

export function decide(command: LocationCommand, state: LocationsState): LocationEvent[] {
  if (!command.actor.admin) throw new ForbiddenError(LOCATIONS_BY_ADMIN_MESSAGE, 'solo_amministrazione');
  const { locationId, details } = command;
  const refuseTakenName = () => {
    const namedAlike = [...state.values()].find((l) => l.locationId !== locationId && sameName(l.name, details.name));
    if (namedAlike) throw new ConflictError(`Esiste già una sede che si chiama “${namedAlike.name}”: scegli un altro nome.`, 'sede_esistente');
  };
  switch (command.type) {
    case 'CreateLocation':
      if (state.has(locationId)) return [];
      refuseTakenName();
      return [{ type: 'LocationCreated', data: { locationId, ...details, rooms: command.rooms } }];
    case 'UpdateLocation': {
      const current = state.get(locationId);
      if (!current) throw new NotFoundError('Sede non trovata.', 'sede_non_trovata');
      refuseTakenName();
      const fresh = [...command.newRoomIds];
      const rooms = command.rooms.map((r) => {
        if (r.id === undefined) return { id: fresh.shift()!, name: r.name };
        if (!current.rooms.some((c) => c.id === r.id)) throw new ValidationError('Una delle stanze non è di questa sede.', 'stanza_non_trovata');
        return { id: r.id, name: r.name };
      });
      const next = { locationId, ...details, rooms };
      if (JSON.stringify(next) === JSON.stringify(current)) return [];
      return [{ type: 'LocationUpdated', data: next }];
    }
  }
}

export const locationsDecider = { initialState, evolve, decide };
