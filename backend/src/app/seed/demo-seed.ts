import { randomUUID } from 'node:crypto';
import {
  type EventMetadata,
  type FiscalProfile,
  type Role,
  availabilityStreamName,
  couponStreamName,
  fiscalProfileStreamName,
  scheduleStreamName,
  foodCategoryStreamName,
  foodStreamName,
  practiceDay,
  productStreamName,
  questionnaireStreamName,
} from '@studio/contracts';
import { SetFiscalProfile } from '../../areas/fiscal';
import { type Ports } from '../../platform/kernel/ports';
import type { CommandBus } from '@nestjs/cqrs';
import { type UsersService } from '../../areas/accounts/users';
import { doctorDayOf, SetWeeklySchedule, ToggleSlot } from '../../areas/scheduling/availability';
import { DEMO_QUESTIONNAIRE, DefineQuestionnaire } from '../../areas/clinical/questionnaires';
import { CreateCoupon, CreateProduct } from '../../areas/payments/catalog';
import { CreateFood, CreateFoodCategory, DEMO_FOOD_CATEGORIES, DEMO_FOODS, importTableFiles, tableFilesIn } from '../../areas/nutrition/catalogue';

export const DEMO_PASSWORD = 'Password123!';

export const DEMO_ACCOUNTS: { email: string; role: Role; name: string; surname: string }[] = [
  { email: 'medico1@example.it', role: 'doctor', name: 'Giulia', surname: 'Rossi' },
  { email: 'medico2@example.it', role: 'doctor', name: 'Marco', surname: 'Bianchi' },
  { email: 'paziente1@example.it', role: 'patient', name: 'Luca', surname: 'Verdi' },
  { email: 'admin@example.it', role: 'admin', name: 'Segreteria', surname: 'Studio' },
  { email: 'auditor@example.it', role: 'auditor', name: 'Anna', surname: 'Revisori' },
];

export const DEMO_PRODUCTS = [
  { name: 'Prima visita nutrizionale', description: 'Anamnesi, misurazioni e piano alimentare personalizzato.', priceCents: 8000, followUpOnly: false },
  // check-ups follow a first visit: a new patient pays the first visit (the order refuses a check-up without one)
  { name: 'Visita di controllo', description: 'Verifica dei progressi e aggiornamento del piano.', priceCents: 5000, followUpOnly: true },
  // three check-ups for less than three bought one at a time (3 × 50 €)
  { name: 'Pacchetto 3 visite', description: 'Tre visite di controllo a prezzo ridotto.', priceCents: 13500, followUpOnly: true },
];

/** demo fiscal profiles (invented, valid check characters; marked demo on the event): receipts work at once */
export const DEMO_FISCAL_PROFILES: Record<string, FiscalProfile> = {
  'medico1@example.it': {
    registeredName: 'Dott.ssa Giulia Rossi',
    title: 'Biologa nutrizionista',
    albo: 'Ordine dei Biologi, iscrizione n. AA_000000 (dimostrativo)',
    taxcode: 'RSSGLI80A41H501W',
    vatNumber: '01234567897',
    address: 'Via dei Mille 1, 00185 Roma (RM)',
    regime: 'forfettario',
    stampDutyToPatient: true,
  },
  'medico2@example.it': {
    registeredName: 'Dott. Marco Bianchi',
    title: 'Medico chirurgo, specialista in scienza dell’alimentazione',
    albo: 'Ordine dei Medici di Milano, iscrizione n. 00000 (dimostrativo)',
    taxcode: 'BNCMRC75C12F205S',
    vatNumber: '12345678903',
    address: 'Corso Venezia 2, 20121 Milano (MI)',
    regime: 'ordinario',
    stampDutyToPatient: true,
  },
};

/**
 * An empty store gets the demo accounts, the two doctors' weekly schedules ("Orario settimanale") and their open
 * slots from today to the end of the week after next (two full weeks ahead whatever today's weekday),
 * through the same commands a user would send, so the log is a real history.
 */
export async function seedDemoData(core: Ports, users: UsersService, commands: CommandBus, today = new Date()): Promise<boolean> {
  if ((await core.eventStore.headPosition()) > 0) return false;
  const correlationId = randomUUID();
  const metadata = (): EventMetadata => ({ userId: 'system', role: 'system', at: new Date().toISOString(), correlationId, causationId: correlationId });
  const ids: Record<string, string> = {};
  for (const account of DEMO_ACCOUNTS) {
    const { userId } = await users.register({ ...account, password: DEMO_PASSWORD }, metadata());
    ids[account.email] = userId;
  }
  const hours = { startHour: 8, endHour: 19 };
  const plan = [
    { doctorId: ids['medico1@example.it'], from: 9, to: 13 },
    { doctorId: ids['medico2@example.it'], from: 14, to: 18 },
  ];
  // the schedule the slots below follow, so that "Orario settimanale" shows what is open: Monday to Friday
  for (const { doctorId, from, to } of plan) {
    const range = [{ from: `${String(from).padStart(2, '0')}:00`, to: `${String(to).padStart(2, '0')}:00` }];
    const days = [range, range, range, range, range, [], []];
    await commands.execute(new SetWeeklySchedule(scheduleStreamName(doctorId), { type: 'SetWeeklySchedule', doctorId, days }, metadata()));
  }
  // from today to the Sunday of the week after next: the rest of this week and two full weeks, whatever the weekday
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  // on a Monday this week is the first full one; on another day its rest comes before the two full weeks
  const weekday = (today.getUTCDay() + 6) % 7;
  const seededDays = weekday === 0 ? 14 : 21 - weekday;
  for (let d = 0; d < seededDays; d++) {
    const day = new Date(start + d * 86_400_000);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    for (const { doctorId, from, to } of plan) {
      for (let m = from * 60; m < to * 60; m += 30) {
        const start = new Date(day.getTime() + m * 60_000).toISOString();
        const end = new Date(day.getTime() + (m + 30) * 60_000).toISOString();
        const toggle = { type: 'ToggleSlot' as const, doctorId, start, end, workingHours: hours, seen: 'unavailable' as const };
        await commands.execute(new ToggleSlot(availabilityStreamName(doctorId, doctorDayOf(start)), toggle, metadata()));
      }
    }
  }
  // complete demo fiscal profiles, so that `npm start` issues receipts at once
  for (const [email, profile] of Object.entries(DEMO_FISCAL_PROFILES)) {
    const doctorId = ids[email];
    const { registeredName, albo, taxcode, vatNumber, address } = profile;
    const personal = await core.personalData.seal(doctorId, { registeredName, albo, taxcode, vatNumber, address });
    await commands.execute(
      new SetFiscalProfile(
        fiscalProfileStreamName(doctorId),
        {
          type: 'SetFiscalProfile',
          doctorId,
          isDoctor: true,
          title: profile.title,
          regime: profile.regime,
          stampDutyToPatient: profile.stampDutyToPatient,
          demo: true,
          personal,
        },
        metadata(),
      ),
    );
  }
  // one nutrition intake questionnaire per doctor, given to their patients once they book
  for (const email of ['medico1@example.it', 'medico2@example.it']) {
    const { title, questions } = DEMO_QUESTIONNAIRE;
    const questionnaireId = randomUUID();
    const define = { type: 'DefineQuestionnaire' as const, questionnaireId, doctorId: ids[email], title, questions };
    await commands.execute(new DefineQuestionnaire(questionnaireStreamName(questionnaireId), define, metadata()));
  }
  // the products on sale and two coupons: one valid for a year from today, one already expired
  for (const product of DEMO_PRODUCTS) {
    const productId = randomUUID();
    const create = { type: 'CreateProduct' as const, productId, product: { ...product, active: true } };
    await commands.execute(new CreateProduct(productStreamName(productId), create, metadata()));
  }
  const day = (offset: number) => practiceDay(new Date(today.getTime() + offset * 86_400_000), core.config.practiceTimeZone);
  const coupons = [
    { code: 'BENVENUTO10', terms: { percentage: 10, validFrom: day(0), validTo: day(365) } },
    { code: 'SCADUTO20', terms: { percentage: 20, validFrom: day(-90), validTo: day(-30) } },
  ];
  for (const { code, terms } of coupons) await commands.execute(new CreateCoupon(couponStreamName(code), { type: 'CreateCoupon', code, terms }, metadata()));
  // the food catalogue for the diet editor: categories 1…, foods 1… (ids below the category offset)
  const categoryIds = new Map<string, number>();
  for (const [index, category] of DEMO_FOOD_CATEGORIES.entries()) {
    categoryIds.set(category.name, index + 1);
    const categoryId = index + 1;
    await commands.execute(new CreateFoodCategory(foodCategoryStreamName(categoryId), { type: 'CreateFoodCategory', categoryId, category }, metadata()));
  }
  for (const [index, { category, ...food }] of DEMO_FOODS.entries()) {
    const categoryId = categoryIds.get(category)!;
    const foodId = index + 1;
    const create = { type: 'CreateFood' as const, foodId, food: { ...food, categoryId }, categoryExists: true };
    await commands.execute(new CreateFood(foodStreamName(foodId), create, metadata()));
  }
  // the publishers' food tables, when this server has their files (FOODS_DATA_DIR); otherwise the foods page says how
  const tables = core.config.foods.dataDir ? tableFilesIn(core.config.foods.dataDir) : null;
  if (tables?.ciqual || tables?.svizzera)
    await importTableFiles(
      { commands, readModels: core.readModels },
      { ciqual: tables.ciqual ?? undefined, svizzera: tables.svizzera ?? undefined },
      metadata(),
    );
  return true;
}
