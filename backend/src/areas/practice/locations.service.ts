import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type EventMetadata, LOCATIONS_STREAM, LocationRequest, LocationUpdateRequest, type LocationView, type SessionUser } from '@studio/contracts';
import { NotFoundError } from '../../platform/common/errors';
import { LOCATION_NOT_FOUND, readLocation, readLocations } from '../../platform/config/locations';
import { parseInput } from '../../platform/http/parse';
import { KernelPorts } from '../../platform/kernel/kernel-ports';
import { CreateLocation, UpdateLocation } from './locations.commands';

const actorOf = (user: SessionUser) => ({ id: user.id, admin: user.role === 'admin' });

/** the practice's locations and rooms: the administrator keeps them, everyone reads them */
@Injectable()
export class LocationsService {
  constructor(private readonly kernel: KernelPorts) {}

  list(): Promise<LocationView[]> {
    return readLocations(this.kernel.readModels);
  }

  async get(locationId: string): Promise<LocationView> {
    const location = await readLocation(this.kernel.readModels, locationId);
    if (!location) throw new NotFoundError(LOCATION_NOT_FOUND, 'sede_non_trovata');
    return location;
  }

  /** read-your-writes: the answer comes from the read model, which this waits for */
  private async decide(command: CreateLocation | UpdateLocation): Promise<void> {
    const { position } = await this.kernel.commands.execute<typeof command, { position: number | null }>(command);
    if (position) await this.kernel.changes.waitFor(position);
  }

  async create(user: SessionUser, body: unknown, metadata: EventMetadata): Promise<LocationView> {
    const { rooms, ...details } = parseInput(LocationRequest, body);
    const locationId = randomUUID();
    await this.decide(
      new CreateLocation(
        LOCATIONS_STREAM,
        { type: 'CreateLocation', actor: actorOf(user), locationId, details, rooms: rooms.map((r) => ({ id: randomUUID(), name: r.name })) },
        metadata,
      ),
    );
    return this.get(locationId);
  }

  async update(user: SessionUser, locationId: string, body: unknown, metadata: EventMetadata): Promise<LocationView> {
    const { rooms, ...details } = parseInput(LocationUpdateRequest, body);
    const newRoomIds = rooms.filter((r) => r.id === undefined).map(() => randomUUID());
    await this.decide(new UpdateLocation(LOCATIONS_STREAM, { type: 'UpdateLocation', actor: actorOf(user), locationId, details, rooms, newRoomIds }, metadata));
    return this.get(locationId);
  }
}
