import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * `npm run lint` refuses an import across features (DESIGN.md "Dependencies between features"):
 * probe files, placed virtually in feature folders, are linted with the project's own config.
 */
const root = join(__dirname, '..', '..');
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
      { filePath: 'backend/src/diet/probe.ts', text: "import { AuditService } from '../audit/audit.service';\nexport const x = AuditService;\n" },
      { filePath: 'backend/src/availability/probe.ts', text: "import { bookingDecider } from '../booking';\nexport const x = bookingDecider;\n" },
      { filePath: 'backend/src/orders/probe.ts', text: "import { bookingDecider } from '../booking/booking.decider';\nexport const x = bookingDecider;\n" },
      // backend: allowed, downward through the public entry, and the kernel
      {
        filePath: 'backend/src/orders/probe.ts',
        text: "import { bookingDecider } from '../booking';\nimport { ValidationError } from '../common/errors';\nexport const x = [bookingDecider, ValidationError];\n",
      },
      // frontend: features never import each other; lib and components/ui are open to all
      { filePath: 'frontend/src/features/audit/probe.ts', text: "import { slotLabel } from '../availability/slots';\nexport const x = slotLabel;\n" },
      {
        filePath: 'frontend/src/features/audit/probe.ts',
        text: "import { errorMessage } from '../../lib/api';\nimport { Loading } from '../../components/ui/Loading';\nexport const x = [errorMessage, Loading];\n",
      },
      { filePath: 'frontend/src/lib/probe.ts', text: "import { AuditPage } from '../features/audit/AuditPage';\nexport const x = AuditPage;\n" },
      // workspaces: contracts imports nothing of ours, the frontend only contracts
      { filePath: 'contracts/src/probe.ts', text: "import { allProjections } from '@studio/projections';\nexport const x = allProjections;\n" },
      { filePath: 'frontend/src/features/audit/probe2.ts', text: "import { allProjections } from '@studio/projections';\nexport const x = allProjections;\n" },
      // the backup scripts: the kernel and the projections, no feature
      { filePath: 'backend/src/backup/probe.ts', text: "import { UsersService } from '../users';\nexport const x = UsersService;\n" },
      {
        filePath: 'backend/src/backup/probe.ts',
        text: "import { loadConfig } from '../config/config';\nimport { createReadModelStore } from '@studio/projections';\nexport const x = [loadConfig, createReadModelStore];\n",
      },
      // one command path: a feature does not run handleCommand nor append by itself; Decide on the bus is the way
      { filePath: 'backend/src/diet/probe.ts', text: "import { handleCommand } from '../event-store/command-handler';\nexport const x = handleCommand;\n" },
      {
        filePath: 'backend/src/diet/probe.ts',
        text: "export async function f(core: { eventStore: { append(s: string): Promise<void> } }) {\n  await core.eventStore.append('diet-1');\n}\n",
      },
      {
        filePath: 'backend/src/diet/probe.ts',
        text: "import { Decide } from '../event-store/decide.command';\nexport const x = Decide;\n",
      },
      // projections beside their features: any feature reads another's read model through its *.projection.ts, which is
      // pure (contracts only); the backup takes the list of read models from the composition root, and nothing else there
      { filePath: 'backend/src/diet/probe.ts', text: "import type { BookingDoc } from '../booking/bookings.projection';\nexport type X = BookingDoc;\n" },
      { filePath: 'backend/src/diet/probe.projection.ts', text: "import { ValidationError } from '../common/errors';\nexport const x = ValidationError;\n" },
      {
        filePath: 'backend/src/backup/probe.ts',
        text: "import { liveProjections } from '../infrastructure/projections';\nexport const x = liveProjections;\n",
      },
      { filePath: 'backend/src/backup/probe.ts', text: "import { openCore } from '../infrastructure/core';\nexport const x = openCore;\n" },
      // queries from read models (issue 24): folding a stream (readState) or reading one
      // is for the decision state of the files in STATE_READERS / STREAM_READERS (eslint.config.mjs), not for a new query
      { filePath: 'backend/src/visit-types/probe.ts', text: "import { readState } from '../event-store/command-handler';\nexport const x = readState;\n" },
      {
        filePath: 'backend/src/config/probe.controller.ts',
        text: "import { readState as fold } from '../event-store/command-handler';\nexport const x = fold;\n",
      },
      {
        filePath: 'backend/src/workflows/probe/probe.ts',
        text: "import { readState } from '../../event-store/command-handler';\nexport const x = readState;\n",
      },
      {
        filePath: 'backend/src/calendar-feed/probe.ts',
        text: "export async function f(core: { eventStore: { readStream(s: string): Promise<unknown[]> } }) {\n  return core.eventStore.readStream('booking-1');\n}\n",
      },
      {
        filePath: 'backend/src/workflows/probe/probe.ts',
        text: "export async function f(core: { eventStore: { readStream(s: string): Promise<unknown[]> } }) {\n  return core.eventStore.readStream('booking-1');\n}\n",
      },
    ]);
  }, 120_000);

  const rules = (i: number) => results[i].map((m) => m.ruleId);

  it('refuses a backend feature importing another against the table, or past its index.ts', () => {
    expect(rules(0)).toEqual(['boundaries/dependencies']);
    expect(results[0][0].message).toContain('be-feature diet');
    expect(rules(1)).toEqual(['boundaries/dependencies']);
    expect(rules(2)).toEqual(['boundaries/dependencies']);
  });

  it('lets orders use booking through its public entry, and any feature the kernel', () => {
    expect(results[3]).toEqual([]);
  });

  it('refuses a frontend feature importing another, and lib importing a feature', () => {
    expect(rules(4)).toEqual(['boundaries/dependencies']);
    expect(results[5]).toEqual([]);
    expect(rules(6)).toEqual(['boundaries/dependencies']);
  });

  it('keeps the backup scripts on the kernel: no feature', () => {
    expect(rules(9)).toEqual(['boundaries/dependencies']);
    expect(results[10]).toEqual([]);
  });

  it('keeps the workspaces apart: contracts and the frontend do not import projections', () => {
    expect(rules(7)).toEqual(['no-restricted-imports']);
    expect(rules(8)).toEqual(['no-restricted-imports']);
  });

  it('keeps one command path: handleCommand and eventStore.append only inside the event-store kernel', () => {
    expect(rules(11)).toEqual(['no-restricted-imports']);
    expect(rules(12)).toEqual(['no-restricted-syntax']);
    expect(results[13]).toEqual([]);
  });

  it('lets any feature read another feature’s projection, keeps a projection pure, gives the backup only the list of read models', () => {
    expect(results[14]).toEqual([]);
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
});
