import { randomUUID } from 'node:crypto';
import {
  type EventMetadata,
  type FiscalProfile,
  type Role,
  availabilityStreamName,
  couponStreamName,
  fiscalProfileStreamName,
  foodCategoryStreamName,
  foodStreamName,
  practiceDay,
  productStreamName,
  questionnaireStreamName,
} from '@studio/contracts';
import { fiscalProfileDecider } from '../fiscal';
import { type Ports } from '../kernel/ports';
import type { CommandBus } from '@nestjs/cqrs';
import { type UsersService } from '../users';
import { availabilityDecider, doctorDayOf } from '../availability';
import { DEMO_QUESTIONNAIRE, questionnaireDecider } from '../questionnaires';
import { couponDecider, productDecider } from '../catalog';
import { DEMO_FOOD_CATEGORIES, DEMO_FOODS, foodCategoryDecider, foodDecider } from '../diet';
import { Decide } from '../event-store/decide.command';

export const DEMO_PASSWORD = 'Password123!';

export const DEMO_ACCOUNTS: { email: string; role: Role; name: string; surname: string }[] = [
  { email: 'medico1@example.it', role: 'doctor', name: 'Giulia', surname: 'Rossi' },
  { email: 'medico2@example.it', role: 'doctor', name: 'Marco', surname: 'Bianchi' },
  { email: 'paziente1@example.it', role: 'patient', name: 'Luca', surname: 'Verdi' },
  { email: 'admin@example.it', role: 'admin', name: 'Segreteria', surname: 'Studio' },
  { email: 'auditor@example.it', role: 'auditor', name: 'Anna', surname: 'Revisori' },
];

export const DEMO_PRODUCTS = [
  { name: 'Prima visita nutrizionale', description: 'Anamnesi, misurazioni e piano alimentare personalizzato.', priceCents: 8000 },
  { name: 'Visita di controllo', description: 'Verifica dei progressi e aggiornamento del piano.', priceCents: 5000 },
  { name: 'Pacchetto 3 visite', description: 'Tre visite di controllo a prezzo ridotto.', priceCents: 20000 },
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
 * An empty store gets the demo accounts and this week's and next week's open slots for the two doctors,
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
  // from the Monday of this week, so the week a user first sees has open slots
  const monday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - ((today.getUTCDay() + 6) % 7) * 86_400_000;
  for (let d = 0; d < 14; d++) {
    const day = new Date(monday + d * 86_400_000);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    for (const { doctorId, from, to } of plan) {
      for (let m = from * 60; m < to * 60; m += 30) {
        const start = new Date(day.getTime() + m * 60_000).toISOString();
        const end = new Date(day.getTime() + (m + 30) * 60_000).toISOString();
        const toggle = { type: 'ToggleSlot' as const, doctorId, start, end, workingHours: hours, seen: 'unavailable' as const };
        await commands.execute(new Decide(availabilityStreamName(doctorId, doctorDayOf(start)), availabilityDecider, toggle, metadata()));
      }
    }
  }
  // complete demo fiscal profiles, so that `npm start` issues receipts at once
  for (const [email, profile] of Object.entries(DEMO_FISCAL_PROFILES)) {
    const doctorId = ids[email];
    const { registeredName, albo, taxcode, vatNumber, address } = profile;
    const personal = await core.personalData.seal(doctorId, { registeredName, albo, taxcode, vatNumber, address });
    await commands.execute(
      new Decide(
        fiscalProfileStreamName(doctorId),
        fiscalProfileDecider,
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
    await commands.execute(new Decide(questionnaireStreamName(questionnaireId), questionnaireDecider, define, metadata()));
  }
  // the products on sale and two coupons: one valid for a year from today, one already expired
  for (const product of DEMO_PRODUCTS) {
    const productId = randomUUID();
    const create = { type: 'CreateProduct' as const, productId, product: { ...product, active: true } };
    await commands.execute(new Decide(productStreamName(productId), productDecider, create, metadata()));
  }
  const day = (offset: number) => practiceDay(new Date(today.getTime() + offset * 86_400_000), core.config.practiceTimeZone);
  const coupons = [
    { code: 'BENVENUTO10', terms: { percentage: 10, validFrom: day(0), validTo: day(365) } },
    { code: 'SCADUTO20', terms: { percentage: 20, validFrom: day(-90), validTo: day(-30) } },
  ];
  for (const { code, terms } of coupons)
    await commands.execute(new Decide(couponStreamName(code), couponDecider, { type: 'CreateCoupon', code, terms }, metadata()));
  // the food catalogue for the diet editor: categories 1…, foods 1… (ids below the category offset)
  const categoryIds = new Map<string, number>();
  for (const [index, category] of DEMO_FOOD_CATEGORIES.entries()) {
    categoryIds.set(category.name, index + 1);
    const categoryId = index + 1;
    await commands.execute(
      new Decide(foodCategoryStreamName(categoryId), foodCategoryDecider, { type: 'CreateFoodCategory', categoryId, category }, metadata()),
    );
  }
  for (const [index, { category, ...food }] of DEMO_FOODS.entries()) {
    const categoryId = categoryIds.get(category)!;
    const foodId = index + 1;
    const create = { type: 'CreateFood' as const, foodId, food: { ...food, categoryId }, categoryExists: true };
    await commands.execute(new Decide(foodStreamName(foodId), foodDecider, create, metadata()));
  }
  return true;
}
