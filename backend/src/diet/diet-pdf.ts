import { notesText, type DietView } from '@studio/contracts';
import PDFDocument from 'pdfkit';

const MEAL_NAMES: Record<string, string> = { colazione: 'Colazione', spuntino: 'Spuntino', pranzo: 'Pranzo', merenda: 'Merenda', cena: 'Cena' };
const num = (n: number, decimals = 1) => n.toLocaleString('it-IT', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
/** the notes (Tiptap's document JSON): their words, one paragraph or list item a line */
function notesLines(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  const n = node as { type?: string; content?: unknown[] };
  if (n.type === 'paragraph' || n.type === 'heading') return [notesText(n)];
  if (n.type === 'listItem') return [`- ${notesText(n)}`];
  return Array.isArray(n.content) ? n.content.flatMap(notesLines) : [];
}

/**
 * The saved diet as a PDF (pdfkit, A4, Italian) for the treating doctor to download: the day's figures, each meal
 * with its rows, alternatives and kcal, the weekly portions and the notes — what the patient sees on /home. Health
 * data: served only to whoever may read the diet, each download in the patient's access log.
 */
export function renderDietPdf(diet: DietView): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 56, lang: 'it-IT', info: { Title: `Dieta - ${diet.patientName}` } });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  pdf.font('Helvetica-Bold').fontSize(16).text(`Dieta di ${diet.patientName}`);
  pdf.font('Helvetica').fontSize(10);
  if (diet.doctorName && diet.savedAt) pdf.text(`Preparata da ${diet.doctorName} il ${day(diet.savedAt)}`);
  pdf.moveDown(0.5);
  const s = diet.summary;
  pdf
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(
      `${s.kcal} kcal al giorno — proteine ${num(s.protein)} g (${s.split.protein} %), carboidrati ${num(s.carbohydrate)} g (${s.split.carbohydrate} %), grassi ${num(s.fat)} g (${s.split.fat} %)`,
    );

  for (const meal of diet.meals) {
    if (meal.rows.length === 0) continue;
    pdf.moveDown(0.8);
    pdf
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(`${MEAL_NAMES[meal.meal] ?? meal.meal} (${meal.kcal} kcal)`);
    pdf.font('Helvetica').fontSize(10);
    const rows = diet.content.meals[meal.meal];
    for (const r of meal.rows) {
      pdf.text(`• ${r.name}: ${r.grams} g, ${r.kcal} kcal`);
      const alternatives = rows.find((row) => row.id === r.id)?.alternatives ?? [];
      if (alternatives.length > 0)
        pdf
          .fillColor('#444')
          .text(`   oppure: ${alternatives.map((a) => `${diet.itemNames[a.item] ?? a.item} ${a.grams} g`).join(', ')}`)
          .fillColor('#000');
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
  pdf.end();
  return done;
}
