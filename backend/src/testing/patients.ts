import { randomUUID } from 'node:crypto';
import { DEMO_PASSWORD } from '../app/seed/demo-seed';
import { UsersService } from '../areas/accounts/users';
import { client, type Client, type TestApp } from './test-app';

export interface TestPatient extends Client {
  id: string;
  email: string;
}

/** `count` new patients registered through the users service, each logged in with its own client */
export async function registerPatients(app: TestApp, count: number, prefix = 'paziente'): Promise<TestPatient[]> {
  const users = app.app.get(UsersService);
  const run = randomUUID().slice(0, 8);
  const correlationId = randomUUID();
  const registered: { id: string; email: string }[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}-${run}-${i}@example.it`;
    const { userId } = await users.register(
      { role: 'patient', email, password: DEMO_PASSWORD, name: 'Paziente', surname: `Prova ${i}` },
      { userId: 'system', role: 'system', at: new Date().toISOString(), correlationId, causationId: correlationId },
    );
    registered.push({ id: userId, email });
  }
  await app.core.changes.waitFor(await app.core.eventStore.headPosition());
  const patients: TestPatient[] = [];
  for (const p of registered) patients.push({ ...p, ...(await client(app, p.email)) });
  return patients;
}
