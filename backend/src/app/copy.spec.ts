import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * The backend's texts as people read them (error messages, emails, PDFs, calendar texts, the validation messages of
 * contracts/): every string literal of the sources, read as the frontend's catalogue test reads the screens' texts
 * (frontend/src/i18n/catalogue.spec.ts). One apostrophe (’) in Italian; no gendered address to the reader.
 */
const root = join(__dirname, '..', '..', '..');
const SOURCES = ['backend/src', 'contracts/src', 'projections/src'];
/** texts the product specification quotes with a straight apostrophe: kept exactly as it writes them */
const SPEC_TEXTS = new Set(["Seleziona prima un giorno e un'ora per procedere", "Devi specificare sia il codice fiscale che l'indirizzo di fatturazione"]);
/**
 * data, not copy: the demo food table is the CREA table's names as published; the search's synonyms and test queries
 * are what people type, with the keyboard's straight apostrophe
 */
const DATA_FILES = [
  'backend/src/areas/nutrition/catalogue/demo-foods.ts',
  'backend/src/areas/nutrition/catalogue/food-synonyms.ts',
  'backend/src/areas/nutrition/catalogue/food-search.queries.ts',
];
/** an English contraction or possessive ("the patient's"): code comments and logs in English, not Italian copy */
const ENGLISH = /\p{L}'(s|t|re|ll|ve|m|d)\b/u;
/** forms that assume the reader's gender ("Benvenuto", "sei stato invitato", "rimasto/a"): reworded without it */
const GENDERED = /\b(benvenut[oa]|bentornat[oa]|sei stat[oa]|esserti \p{L}+t[oa]|rimast[oa]|\p{L}+[oi]\/[ae])\b/iu;

type Text = { where: string; text: string };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !/\.spec\.ts$/.test(name) ? [path] : [];
  });
}

function literals(): Text[] {
  const out: Text[] = [];
  for (const file of SOURCES.flatMap((d) => sourceFiles(join(root, d)))) {
    const where = relative(root, file);
    if (DATA_FILES.includes(where)) continue;
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (
        ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)
      ) {
        out.push({ where: `${where}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`, text: node.text });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

describe('the backend’s texts, as people read them', () => {
  const texts = literals();

  test('the sources were read (a broken walk would pass everything)', () => {
    expect(texts.length).toBeGreaterThan(1000);
    expect(texts.some((t) => t.text.includes('L’orario scelto non è del medico indicato.'))).toBe(true);
  });

  test('Italian texts use the typographic apostrophe (’), except the texts the product specification quotes', () => {
    const straight = texts.filter((t) => /\p{L}'\p{L}/u.test(t.text) && !SPEC_TEXTS.has(t.text) && !ENGLISH.test(t.text));
    expect(straight.map((t) => `${t.where}: ${t.text}`)).toEqual([]);
  });

  test('the texts the product specification quotes with a straight apostrophe stay exactly as written', () => {
    expect(texts.some((t) => t.text === "Devi specificare sia il codice fiscale che l'indirizzo di fatturazione")).toBe(true);
  });

  test('no text assumes the reader’s gender', () => {
    const gendered = texts.filter((t) => GENDERED.test(t.text));
    expect(gendered.map((t) => `${t.where}: ${t.text}`)).toEqual([]);
  });
});
