import { notesText, WEEKDAY_LABELS, type DietDayView, type DietView, type ShoppingList } from '@studio/contracts';
import PDFDocument from 'pdfkit';
import { drawLetterhead, numberPages, runningHeader, type Letterhead } from '../../../platform/common/letterhead-pdf';

const num = (n: number, decimals = 1) => n.toLocaleString('it-IT', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
const date = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const grams = (g: number) => (g >= 1000 ? `${num(g / 1000, g % 1000 === 0 ? 0 : 2)} kg` : `${num(g, Number.isInteger(g) ? 0 : 1)} g`);
/** the notes (Tiptap's document JSON): their words, one paragraph or list item a line */
function notesLines(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  const n = node as { type?: string; content?: unknown[] };
  if (n.type === 'paragraph' || n.type === 'heading') return [notesText(n)];
  if (n.type === 'listItem') return [`- ${notesText(n)}`];
  return Array.isArray(n.content) ? n.content.flatMap(notesLines) : [];
}
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** which weekdays follow a plan day ("lunedì, martedì e mercoledì") */
function daysLabel(diet: DietView, day: DietDayView): string {
  const names = diet.week.filter((w) => w.follows === day.weekday).map((w) => WEEKDAY_LABELS[w.weekday]);
  if (names.length === 7) return 'Ogni giorno';
  return capital(names.length > 1 ? `${names.slice(0, -1).join(', ')} e ${names[names.length - 1]}` : (names[0] ?? WEEKDAY_LABELS[day.weekday]));
}

/**
 * The saved plan as a PDF (pdfkit, A4, Italian) for the treating doctor to download: each day of the plan (and the
 * weekdays that repeat it) with its figures, meals, rows, alternatives and kcal, the weekly portions, the notes and the
 * week's shopping list — what the patient sees on /home. Health data: served only to whoever may read the plan, each
 * download in the patient's access log.
 */
/** a recipe of the plan as the sheet prints it: raw ingredients, cooked weight and portions */
export interface PrintedRecipe {
  name: string;
  ingredients: { foodName: string | null; grams: number }[];
  cookedWeight: number;
  portionCount: number;
  portionGrams: number;
  note: string | null;
}

/** the plan's sheet under the practice's letterhead (when given) on its first page, "Pagina X di Y" at the foot of each */
export function renderDietPdf(
  diet: DietView,
  shopping: ShoppingList | null = null,
  recipes: readonly PrintedRecipe[] = [],
  letterhead: Letterhead | null = null,
): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 56, lang: 'it-IT', bufferPages: true, info: { Title: `Dieta - ${diet.patientName}` } });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  if (letterhead) drawLetterhead(pdf, letterhead);
  pdf.font('Helvetica-Bold').fontSize(16).text(`Dieta di ${diet.patientName}`);
  pdf.font('Helvetica').fontSize(10);
  // the letterhead names the doctor already (with title): the date alone then
  if (diet.savedAt && letterhead?.doctor) pdf.text(`Preparata il ${date(diet.savedAt)}`);
  else if (diet.doctorName && diet.savedAt) pdf.text(`Preparata da ${diet.doctorName} il ${date(diet.savedAt)}`);

  for (const day of diet.days) {
    const content = diet.content.days.find((d) => d.weekday === day.weekday);
    pdf.moveDown(0.8);
    pdf.font('Helvetica-Bold').fontSize(14).text(daysLabel(diet, day));
    const s = day.summary;
    pdf
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(
        `${s.kcal} kcal al giorno — proteine ${num(s.protein)} g (${s.split.protein} %), carboidrati ${num(s.carbohydrate)} g (${s.split.carbohydrate} %), grassi ${num(s.fat)} g (${s.split.fat} %)`,
      );
    for (const meal of day.meals) {
      if (meal.rows.length === 0) continue;
      pdf.moveDown(0.5);
      pdf
        .font('Helvetica-Bold')
        .fontSize(12)
        .text(`${diet.mealNames[meal.meal] ?? meal.meal} (${meal.kcal} kcal)`);
      pdf.font('Helvetica').fontSize(10);
      const rows = content?.meals[meal.meal] ?? [];
      for (const r of meal.rows) {
        pdf.text(`• ${r.name}: ${grams(r.grams)}, ${r.kcal} kcal`);
        const alternatives = rows.find((row) => row.id === r.id)?.alternatives ?? [];
        if (alternatives.length > 0)
          pdf
            .fillColor('#444')
            .text(`   oppure: ${alternatives.map((a) => `${diet.itemNames[String(a.item)] ?? a.item} ${grams(a.grams)}`).join(', ')}`)
            .fillColor('#000');
      }
    }
  }

  if (diet.blocks.length > 0) {
    pdf.moveDown(0.8);
    pdf.font('Helvetica-Bold').fontSize(12).text('Porzioni settimanali (pranzo e cena)');
    pdf.font('Helvetica').fontSize(10);
    for (const b of diet.blocks)
      pdf.text(
        `• ${b.category.name}: ${b.times} ${b.times === 1 ? 'volta' : 'volte'} a settimana — ${b.foods.map((f) => `${f.name} ${f.baseWeight} g`).join(', ')}`,
      );
  }

  const notes = notesLines(diet.content.notes).join('\n').trim();
  if (notes) {
    pdf.moveDown(0.8);
    pdf.font('Helvetica-Bold').fontSize(12).text('Note');
    pdf.font('Helvetica').fontSize(10).text(notes);
  }

  if (shopping && shopping.groups.length > 0) {
    pdf.addPage();
    pdf.font('Helvetica-Bold').fontSize(14).text('Lista della spesa della settimana');
    pdf.font('Helvetica').fontSize(9).fillColor('#444').text('Quantità per sette giorni; le alternative non sono contate.').fillColor('#000');
    for (const group of shopping.groups) {
      pdf.moveDown(0.5);
      pdf.font('Helvetica-Bold').fontSize(11).text(group.group);
      pdf.font('Helvetica').fontSize(10);
      for (const item of group.items) pdf.text(`□ ${item.name}: ${grams(item.grams)}`);
    }
  }
  if (recipes.length > 0) {
    pdf.addPage();
    pdf.font('Helvetica-Bold').fontSize(14).text('Ricette');
    pdf.font('Helvetica').fontSize(9).fillColor('#444').text('Ingredienti a crudo; le quantità del piano sono da cotto.').fillColor('#000');
    for (const recipe of recipes) {
      pdf.moveDown(0.6);
      pdf.font('Helvetica-Bold').fontSize(12).text(recipe.name);
      pdf.font('Helvetica').fontSize(10);
      for (const i of recipe.ingredients) pdf.text(`• ${i.foodName ?? 'Alimento non più nel catalogo'}: ${grams(i.grams)}`);
      pdf.text(`Peso da cotto ${grams(recipe.cookedWeight)}, ${recipe.portionCount} porzioni da ${grams(recipe.portionGrams)}`);
      if (recipe.note) pdf.fillColor('#444').text(recipe.note).fillColor('#000');
    }
  }
  numberPages(pdf, runningHeader(letterhead, `Dieta di ${diet.patientName}`));
  pdf.end();
  return done;
}
