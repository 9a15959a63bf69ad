import { inflateSync } from 'node:zlib';
import { DEFAULT_MEAL_NAMES, EMPTY_DIET, type DietSummary, type DietView } from '@studio/contracts';
import { renderDietPdf } from './diet-pdf';
import { pdfText } from '../../../testing/pdf-text';

const summary: DietSummary = {
  kcal: 282,
  protein: 10.4,
  carbohydrate: 59.2,
  fat: 1,
  split: { protein: 14, carbohydrate: 82, fat: 3 },
  meals: [],
  portionsTotal: 0,
};
const meal = {
  meal: 'pranzo' as const,
  rows: [{ id: 'r1', item: 1, name: 'Pasta di semola', grams: 80, kcal: 282, protein: 10.4, carbohydrate: 59.2, fat: 1 }],
  kcal: 282,
  protein: 10.4,
  carbohydrate: 59.2,
  fat: 1,
};
const rows = { ...EMPTY_DIET.meals, pranzo: [{ id: 'r1', item: 1, grams: 80, alternatives: [{ item: 'ciqual-26043', grams: 111 }] }] };
const diet: DietView = {
  patientId: 'p1',
  patientName: 'Luca Verdi',
  revision: 0,
  doctorId: 'd1',
  doctorName: 'Giulia Rossi',
  savedAt: '2030-03-04T10:00:00.000Z',
  content: {
    ...EMPTY_DIET,
    days: [
      { weekday: 'lunedi', meals: rows },
      { weekday: 'giovedi', meals: rows },
    ],
  },
  summary,
  meals: [meal],
  days: [
    { weekday: 'lunedi', summary, meals: [meal] },
    { weekday: 'giovedi', summary, meals: [meal] },
  ],
  week: (['lunedi', 'martedi', 'mercoledi', 'giovedi', 'venerdi', 'sabato', 'domenica'] as const).map((weekday, i) => ({
    weekday,
    follows: i < 3 ? 'lunedi' : 'giovedi',
  })),
  mealNames: DEFAULT_MEAL_NAMES,
  itemNames: { '1': 'Pasta di semola', 'ciqual-26043': 'Cabillaud, cru' },
  blocks: [],
  valueUpdates: [],
};
const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

describe('the plan as a PDF', () => {
  it('is a PDF of the plan’s days; the shopping list takes a page of its own', async () => {
    const plain = await renderDietPdf(diet);
    expect(plain.subarray(0, 5).toString()).toBe('%PDF-');
    const withList = await renderDietPdf(diet, { days: 7, groups: [{ group: 'Cereali e tuberi', items: [{ item: 1, name: 'Pasta di semola', grams: 560 }] }] });
    expect(pages(withList)).toBe(pages(plain) + 1);
    // an empty list adds nothing
    expect(pages(await renderDietPdf(diet, { days: 7, groups: [] }))).toBe(pages(plain));
  });
});

describe('the plan as a PDF, read back', () => {
  it('names the days, the meals and their rows, and the recipes with their ingredients', async () => {
    const text = pdfText(
      await renderDietPdf(diet, null, [
        {
          name: 'Pasta e lenticchie',
          ingredients: [
            { foodName: 'Pasta di semola, secca, cruda', grams: 320 },
            { foodName: 'Lenticchie, secche', grams: 200 },
          ],
          cookedWeight: 1400,
          portionCount: 4,
          portionGrams: 350,
          note: 'Cuocere 20 minuti.',
        },
      ]),
    );
    expect(text).toContain('Dieta di Luca Verdi');
    expect(text).toContain('Pasta di semola: 80 g, 282 kcal');
    expect(text).toContain('Ricette');
    expect(text).toContain('Pasta e lenticchie');
    expect(text).toContain('Lenticchie, secche: 200 g');
    expect(text).toContain('Peso da cotto 1,40 kg, 4 porzioni da 350 g');
  });
});

describe('the plan as a PDF, on the practice’s letterhead', () => {
  const letterhead = {
    practice: { name: 'Studio Nutrizione Verdi', details: 'Nutrizione clinica · Via Roma 1, Milano' },
    doctor: { name: 'Dott.ssa Giulia Rossi', lines: ['Numero d’iscrizione all’albo: AA_123456'] },
  };

  it('prints the practice, the doctor with their register number, and numbers every page', async () => {
    const pdf = await renderDietPdf(
      diet,
      { days: 7, groups: [{ group: 'Cereali e tuberi', items: [{ item: 1, name: 'Pasta di semola', grams: 560 }] }] },
      [],
      letterhead,
    );
    const text = pdfText(pdf);
    expect(text).toContain('Studio Nutrizione Verdi');
    expect(text).toContain('Via Roma 1, Milano');
    expect(text).toContain('Dott.ssa Giulia Rossi');
    // the typographic apostrophe is WinAnsi 0x92, which pdfText reads as latin1
    expect(text).toMatch(/Numero d.iscrizione all.albo: AA_123456/);
    const n = pages(pdf);
    expect(n).toBeGreaterThanOrEqual(2);
    for (let i = 1; i <= n; i++) expect(text).toContain(`Pagina ${i} di ${n}`);
    // the numbers sit in the bottom margin: they add no page
    expect(pages(await renderDietPdf(diet, null, [], letterhead))).toBe(n - 1);
  });

  it('names the doctor once, and heads every later page with the practice, the doctor and whose diet it is', async () => {
    const pdf = await renderDietPdf(
      diet,
      { days: 7, groups: [{ group: 'Cereali e tuberi', items: [{ item: 1, name: 'Pasta di semola', grams: 560 }] }] },
      [],
      letterhead,
    );
    const lines = pdfText(pdf).split('\n');
    // the em dash is WinAnsi 0x97, which pdfText reads as latin1
    const running = /^Studio Nutrizione Verdi · Dott\.ssa Giulia Rossi . Dieta di Luca Verdi$/;
    expect(lines.filter((l) => l.includes('Giulia Rossi') && !running.test(l))).toEqual(['Dott.ssa Giulia Rossi']);
    expect(lines.some((l) => l.startsWith('Preparata il '))).toBe(true);
    expect(lines.filter((l) => running.test(l))).toHaveLength(pages(pdf) - 1);
  });

  it('draws the practice’s logo in the band', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#0b6e6e"/></svg>';
    const streams = (pdf: Buffer) =>
      [...pdf.toString('latin1').matchAll(/stream\r?\n/g)]
        .map((m) => {
          const start = m.index + m[0].length;
          try {
            return inflateSync(pdf.subarray(start, pdf.indexOf('endstream', start, 'latin1'))).toString('latin1');
          } catch {
            return '';
          }
        })
        .join('\n');
    // #0b6e6e as pdfkit writes a fill colour
    const logoColour = /0\.0431372\d* 0\.4313725\d* 0\.4313725\d* scn/;
    expect(streams(await renderDietPdf(diet, null, [], { ...letterhead, logo: { kind: 'svg', svg } }))).toMatch(logoColour);
    expect(streams(await renderDietPdf(diet, null, [], letterhead))).not.toMatch(logoColour);
  });

  it('without a letterhead prints no practice, still numbered', async () => {
    const text = pdfText(await renderDietPdf(diet));
    expect(text).not.toContain('Studio Nutrizione Verdi');
    expect(text).toContain('Pagina 1 di 1');
  });
});
