import { Inject, Injectable, Optional } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../common/clock';
import { type Ports } from './ports';
import { APP_DB, CHANGE_FEED, CONFIG, EVENT_STORE, JOB_LEASES, PERSONAL_DATA, RATE_LIMITS, READ_MODELS } from './tokens';
import { everyJobHere, type JobLeases } from './job-leases';

/**
 * The kernel's ports in one injectable: what a feature service is given (the command bus, the event store, the read
 * models, the clock…), instead of the same constructor of tokens written out in each. Each port keeps its own token
 * (tests and the composition root provide them one by one); this only gathers them.
 */
@Injectable()
export class KernelPorts {
  constructor(
    readonly commands: CommandBus,
    @Inject(CONFIG) readonly config: Ports['config'],
    @Inject(EVENT_STORE) readonly eventStore: Ports['eventStore'],
    @Inject(READ_MODELS) readonly readModels: Ports['readModels'],
    @Inject(APP_DB) readonly appDb: Ports['appDb'],
    @Inject(PERSONAL_DATA) readonly personalData: Ports['personalData'],
    @Inject(CHANGE_FEED) readonly changes: Ports['changes'],
    @Inject(RATE_LIMITS) readonly limits: Ports['limits'],
    @Inject(CLOCK) readonly clock: Clock,
    @Optional() @Inject(JOB_LEASES) readonly jobs: JobLeases = everyJobHere,
  ) {}
}
