import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * `npm run lint` holds the frontend's file names to one rule (eslint-plugin-check-file, eslint.config.mjs):
 * components PascalCase.tsx, other modules camelCase.ts, folders and browser tests kebab-case.
 * Probe files, placed virtually, are linted with the project's own config.
 */
const root = join(__dirname, '..', '..');
type Message = { ruleId: string | null; message: string };

function namingErrors(filePaths: string[]): string[][] {
  const probes = filePaths.map((filePath) => ({ filePath, text: 'export const x = 1;\n' }));
  const out = execFileSync(process.execPath, [join(root, 'tooling', 'lint-text.mjs')], { cwd: root, input: JSON.stringify(probes), encoding: 'utf8' });
  return (JSON.parse(out) as Message[][]).map((messages) => messages.filter((m) => m.ruleId?.startsWith('check-file/')).map((m) => m.message));
}

describe('file names in the frontend', () => {
  it('accepts the convention', () => {
    const ok = [
      'frontend/src/features/audit/AuditProbe.tsx',
      'frontend/src/features/audit/AuditProbe.spec.tsx',
      'frontend/src/features/audit/auditProbeApi.ts',
      'frontend/src/features/audit/auditProbe.spec.ts',
      'frontend/src/features/scheduling/booking-detail/BookingProbe.tsx',
      'frontend/src/features/scheduling/booking-detail/bookingProbeApi.ts',
      'frontend/src/features/new-area/new-feature/newFeatureApi.ts',
      'frontend/src/app/home/HomeProbe.tsx',
      'frontend/e2e/new-screen.e2e.spec.ts',
    ];
    expect(namingErrors(ok)).toEqual(ok.map(() => []));
  }, 120_000);

  it('refuses a kebab-case component, a PascalCase module, a folder that is not kebab-case and a camelCase browser test, in Italian', () => {
    const [component, module, folder, browserTest, subComponent, subFolder] = namingErrors([
      'frontend/src/features/audit/audit-probe.tsx',
      'frontend/src/features/audit/AuditProbe.ts',
      'frontend/src/features/New_Feature/probe.ts',
      'frontend/e2e/newScreen.e2e.spec.ts',
      'frontend/src/features/scheduling/agenda/agenda-probe.tsx',
      'frontend/src/features/scheduling/New_Feature/probe.ts',
    ]);
    expect(component).toEqual([expect.stringContaining('Il nome del file audit-probe.tsx non segue la regola PASCAL_CASE')]);
    expect(module).toEqual([expect.stringContaining('Il nome del file AuditProbe.ts non segue la regola CAMEL_CASE')]);
    expect(folder).toEqual([expect.stringContaining('La cartella New_Feature non segue la regola KEBAB_CASE')]);
    expect(browserTest).toEqual([expect.stringContaining('Il nome del file newScreen.e2e.spec.ts non segue la regola KEBAB_CASE')]);
    expect(subComponent).toEqual([expect.stringContaining('Il nome del file agenda-probe.tsx non segue la regola PASCAL_CASE')]);
    expect(subFolder).toEqual([expect.stringContaining('La cartella New_Feature non segue la regola KEBAB_CASE')]);
  }, 120_000);
});
