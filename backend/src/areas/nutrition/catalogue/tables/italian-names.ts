import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** the backend's folder, from the sources (jest, swc) and from dist alike */
export const BACKEND_ROOT = resolve(__dirname, '..', '..', '..', '..', '..');
/** the project's Italian names of CIQUAL's foods and groups (written by the project, not by ANSES) */
export const CIQUAL_ITALIAN_DIR = join(BACKEND_ROOT, 'src', 'areas', 'nutrition', 'catalogue', 'data');

export interface CiqualItalian {
  /** food code → Italian name and synonyms */
  names: Map<string, { name: string; synonyms: string[] }>;
  /** group, subgroup or sub-subgroup code → Italian name */
  groups: Map<string, string>;
}

function tsvRows(file: string): string[][] {
  if (!existsSync(file)) return [];
  const [, ...rows] = readFileSync(file, 'utf8').split(/\r?\n/);
  return rows.filter((line) => line.trim() !== '').map((line) => line.split('\t'));
}

/** the Italian names when their files are there (columns codice, nome[, sinonimi separated by " | "]); empty maps otherwise */
export function loadCiqualItalian(dir = CIQUAL_ITALIAN_DIR): CiqualItalian {
  const names = new Map<string, { name: string; synonyms: string[] }>();
  for (const [code, name, synonyms = ''] of tsvRows(join(dir, 'ciqual-nomi-it.tsv'))) {
    if (!code?.trim() || !name?.trim()) continue;
    const list = synonyms
      .split('|')
      .map((s) => s.trim())
      .filter(Boolean);
    names.set(code.trim(), { name: name.trim(), synonyms: list });
  }
  const groups = new Map<string, string>();
  for (const [code, name] of tsvRows(join(dir, 'ciqual-gruppi-it.tsv'))) if (code?.trim() && name?.trim()) groups.set(code.trim(), name.trim());
  return { names, groups };
}
