import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * `npm run lint` refuses an import across features (docs/architettura.md, "Dipendenze tra funzioni"):
 * probe files, placed virtually in feature folders, are linted with the project's own config.
 */
const root = join(__dirname, '..', '..', '..');
type Message = { ruleId: string | null; message: string; line: number };

function lint(probes: { filePath: string; text: string }[]): Message[][] {
  const out = execFileSync(process.execPath, [join(root, 'tooling', 'lint-text.mjs')], { cwd: root, input: JSON.stringify(probes), encoding: 'utf8' });
  return JSON.parse(out) as Message[][];
}

describe('lint boundaries', () => {
  let results: Message[][];
  beforeAll(() => {
    results = lint([
      // backend: a feature reaching into another's files, or against the table's direction
      {
        filePath: 'backend/src/areas/nutrition/diet/probe.ts',
        text: "import { AuditService } from '../../audit/audit.service';\nexport const x = AuditService;\n",
      },
      {
        filePath: 'backend/src/areas/scheduling/availability/probe.ts',
        text: "import { bookingDecider } from '../booking';\nexport const x = bookingDecider;\n",
      },
      {
        filePath: 'backend/src/areas/payments/orders/probe.ts',
        text: "import { bookingDecider } from '../../scheduling/booking/booking.decider';\nexport const x = bookingDecider;\n",
      },
      // backend: allowed, downward through the public entry, and the kernel
      {
        filePath: 'backend/src/areas/payments/orders/probe.ts',
        text: "import { bookingDecider } from '../../scheduling/booking';\nimport { ValidationError } from '../../../platform/common/errors';\nexport const x = [bookingDecider, ValidationError];\n",
      },
      // frontend: areas never import each other; lib and components/ui are open to all
      {
        filePath: 'frontend/src/features/audit/probe.ts',
        text: "import { slotLabel } from '../scheduling/availability/slots';\nexport const x = slotLabel;\n",
      },
      {
        filePath: 'frontend/src/features/audit/probe.ts',
        text: "import { errorMessage } from '../../lib/api';\nimport { Loading } from '../../components/ui/Loading';\nexport const x = [errorMessage, Loading];\n",
      },
      { filePath: 'frontend/src/lib/probe.ts', text: "import { AuditPage } from '../features/audit/AuditPage';\nexport const x = AuditPage;\n" },
      // workspaces: contracts imports nothing of ours, the frontend only contracts
      { filePath: 'contracts/src/probe.ts', text: "import { allProjections } from '@studio/projections';\nexport const x = allProjections;\n" },
      { filePath: 'frontend/src/features/audit/probe2.ts', text: "import { allProjections } from '@studio/projections';\nexport const x = allProjections;\n" },
      // the backup scripts: the kernel and the projections, no feature
      { filePath: 'backend/src/app/backup/probe.ts', text: "import { UsersService } from '../../areas/accounts/users';\nexport const x = UsersService;\n" },
      {
        filePath: 'backend/src/app/backup/probe.ts',
        text: "import { loadConfig } from '../../platform/config/config';\nimport { createReadModelStore } from '@studio/projections';\nexport const x = [loadConfig, createReadModelStore];\n",
      },
      // one command path: a feature does not run handleCommand or decideOnStream nor append by itself; its command class
      // and handler (StreamCommand, DecideWith) on the bus are the way
      {
        filePath: 'backend/src/areas/nutrition/diet/probe.ts',
        text: "import { handleCommand } from '../../../platform/event-store/command-handler';\nexport const x = handleCommand;\n",
      },
      {
        filePath: 'backend/src/areas/nutrition/diet/probe.ts',
        text: "export async function f(core: { eventStore: { append(s: string): Promise<void> } }) {\n  await core.eventStore.append('diet-1');\n}\n",
      },
      {
        filePath: 'backend/src/areas/nutrition/diet/probe.ts',
        text:
          "import { CommandHandler } from '@nestjs/cqrs';\nimport { DecideWith, StreamCommand } from '../../../platform/event-store/decide';\nimport { dietDecider } from './diet.decider';\n" +
          'export class Probe extends StreamCommand<never, never> {}\n@CommandHandler(Probe)\nexport class ProbeHandler extends DecideWith(dietDecider) {}\n',
      },
      // projections beside their features, pure (contracts only); another feature reads one through the typed handle of its
      // owner's index.ts, never through the projection file; the backup takes the list of read models from the composition
      // root, and nothing else there
      {
        filePath: 'backend/src/areas/nutrition/diet/probe.ts',
        text: "import type { BookingDoc } from '../../scheduling/booking/bookings.projection';\nexport type X = BookingDoc;\n",
      },
      {
        filePath: 'backend/src/areas/nutrition/diet/probe.projection.ts',
        text: "import { ValidationError } from '../../../platform/common/errors';\nexport const x = ValidationError;\n",
      },
      {
        filePath: 'backend/src/app/backup/probe.ts',
        text: "import { liveProjections } from '../infrastructure/projections';\nexport const x = liveProjections;\n",
      },
      { filePath: 'backend/src/app/backup/probe.ts', text: "import { openCore } from '../infrastructure/core';\nexport const x = openCore;\n" },
      // queries from read models (a stream read per request grows with the history): folding a stream (readState) or reading one
      // is for the decision state of the files in STATE_READERS / STREAM_READERS (eslint.config.mjs), not for a new query
      {
        filePath: 'backend/src/areas/scheduling/visit-types/probe.ts',
        text: "import { readState } from '../../../platform/event-store/command-handler';\nexport const x = readState;\n",
      },
      {
        filePath: 'backend/src/platform/config/probe.controller.ts',
        text: "import { readState as fold } from '../event-store/command-handler';\nexport const x = fold;\n",
      },
      {
        filePath: 'backend/src/areas/scheduling/hold/probe/probe.ts',
        text: "import { readState } from '../../../../platform/event-store/command-handler';\nexport const x = readState;\n",
      },
      {
        filePath: 'backend/src/areas/notifications/calendar-feed/probe.ts',
        text: "export async function f(core: { eventStore: { readStream(s: string): Promise<unknown[]> } }) {\n  return core.eventStore.readStream('booking-1');\n}\n",
      },
      {
        filePath: 'backend/src/areas/scheduling/hold/probe/probe.ts',
        text: "export async function f(core: { eventStore: { readStream(s: string): Promise<unknown[]> } }) {\n  return core.eventStore.readStream('booking-1');\n}\n",
      },
      // read models by their owner's typed handle: not by a string (a feature's service, a workflow), not through another
      // feature's projection file (also from a folder outside the table, as agenda); the handle from the index.ts is the way
      {
        filePath: 'backend/src/areas/nutrition/diet/probe.ts',
        text: "export async function f(kernel: { readModels: { find(c: string): Promise<unknown[]> } }) {\n  return kernel.readModels.find('bookings');\n}\n",
      },
      {
        filePath: 'backend/src/areas/scheduling/hold/probe/probe.ts',
        text: "export async function f(readModels: { get(c: string, id: string): Promise<unknown> }) {\n  return readModels.get('orders', 'o-1');\n}\n",
      },
      {
        filePath: 'backend/src/areas/nutrition/diet/probe.ts',
        text: "import { bookingsReadModel, type BookingDoc } from '../../scheduling/booking';\nexport const x = bookingsReadModel;\nexport type X = BookingDoc;\n",
      },
      {
        filePath: 'backend/src/areas/scheduling/agenda/probe.ts',
        text: "import type { BookingDoc } from '../booking/bookings.projection';\nexport type X = BookingDoc;\n",
      },
      {
        filePath: 'backend/src/areas/scheduling/hold/probe/probe.ts',
        text: "import { bookingsProjection } from '../../booking/bookings.projection';\nexport const x = bookingsProjection;\n",
      },
      // one command path: the append path under the handlers is not a feature's to call, from the bus's side or not
      {
        filePath: 'backend/src/areas/nutrition/diet/probe.ts',
        text: "import { decideOnStream } from '../../../platform/event-store/decide';\nexport const x = decideOnStream;\n",
      },
      {
        filePath: 'backend/src/areas/scheduling/hold/probe/probe.ts',
        text: "import { decideOnStream as run } from '../../../../platform/event-store/decide';\nexport const x = run;\n",
      },
      // frontend: the sub-folders of one area import each other; a sub-folder of another area is out of reach
      {
        filePath: 'frontend/src/features/scheduling/agenda/probe.ts',
        text: "import { slotLabel } from '../availability/slots';\nexport const x = slotLabel;\n",
      },
      {
        filePath: 'frontend/src/features/payments/orders/probe.ts',
        text: "import { bookingApi } from '../../scheduling/booking/bookingApi';\nexport const x = bookingApi;\n",
      },
    ]);
  }, 120_000);

  const rules = (i: number) => results[i].map((m) => m.ruleId);

  it('refuses a backend feature importing another against the table, or past its index.ts', () => {
    expect(rules(0)).toEqual(['boundaries/dependencies']);
    expect(results[0][0].message).toContain('be-feature nutrition diet');
    expect(rules(1)).toEqual(['boundaries/dependencies']);
    expect(rules(2)).toEqual(['boundaries/dependencies']);
  });

  it('lets orders use booking through its public entry, and any feature the kernel', () => {
    expect(results[3]).toEqual([]);
  });

  it('refuses a frontend area importing another, also from a sub-folder, and lib importing an area', () => {
    expect(rules(4)).toEqual(['boundaries/dependencies']);
    expect(results[4][0].message).toMatch(/fe-area audit +e fe-area scheduling/);
    expect(results[5]).toEqual([]);
    expect(rules(6)).toEqual(['boundaries/dependencies']);
    expect(rules(31)).toEqual(['boundaries/dependencies']);
    expect(results[31][0].message).toMatch(/fe-area payments +e fe-area scheduling/);
  });

  it('lets the sub-folders of one frontend area import each other', () => {
    expect(results[30]).toEqual([]);
  });

  it('keeps the backup scripts on the kernel: no feature', () => {
    expect(rules(9)).toEqual(['boundaries/dependencies']);
    expect(results[10]).toEqual([]);
  });

  it('keeps the workspaces apart: contracts and the frontend do not import projections', () => {
    expect(rules(7)).toEqual(['no-restricted-imports']);
    expect(rules(8)).toEqual(['no-restricted-imports']);
  });

  it('keeps one command path: a command class and its handler on the bus; handleCommand, decideOnStream and eventStore.append only inside the event-store kernel', () => {
    expect(rules(11)).toEqual(['no-restricted-imports']);
    expect(results[11][0].message).toContain('CommandBus');
    expect(rules(12)).toEqual(['no-restricted-syntax']);
    expect(results[13]).toEqual([]);
    expect(rules(28)).toEqual(['no-restricted-imports']);
    expect(results[28][0].message).toContain('StreamCommand');
    expect(rules(29)).toEqual(['no-restricted-imports']);
  });

  it('keeps a projection pure and inside its feature, gives the backup only the list of read models', () => {
    expect(rules(14)).toEqual(expect.arrayContaining(['no-restricted-imports', 'boundaries/dependencies']));
    expect(results[14].find((m) => m.ruleId === 'no-restricted-imports')!.message).toContain('*.projection.ts');
    expect(rules(15)).toEqual(['no-restricted-imports']);
    expect(results[16]).toEqual([]);
    expect(rules(17)).toEqual(['boundaries/dependencies']);
  });

  it('answers queries from read models: a new query folding or reading a stream fails, a workflow may for its decision', () => {
    expect(rules(18)).toEqual(['no-restricted-imports']);
    expect(results[18][0].message).toContain('STATE_READERS');
    expect(rules(19)).toEqual(['no-restricted-imports']);
    expect(results[20]).toEqual([]);
    expect(rules(21)).toEqual(['no-restricted-syntax']);
    expect(results[21][0].message).toContain('STREAM_READERS');
    expect(results[22]).toEqual([]);
  });

  it('reads a read model through its owner’s typed handle: never by a string, never through another feature’s projection file', () => {
    expect(rules(23)).toEqual(['no-restricted-syntax']);
    expect(results[23][0].message).toContain('accesso tipizzato');
    expect(rules(24)).toEqual(['no-restricted-syntax']);
    expect(results[24][0].message).toContain('accesso tipizzato');
    expect(results[25]).toEqual([]);
    expect(rules(26)).toEqual(['no-restricted-imports']);
    expect(results[26][0].message).toContain('*.projection.ts');
    expect(rules(27)).toEqual(expect.arrayContaining(['no-restricted-imports']));
  });
});
