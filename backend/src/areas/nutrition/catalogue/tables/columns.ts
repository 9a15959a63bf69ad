import type { NutrientTag } from '@studio/contracts';

// Each publisher's columns mapped to the catalogue's INFOODS tags, once. A header is compared after
// `headerKey` (CIQUAL's sheet breaks its headers over lines where the names file has a slash).

/** a header as compared: lower case, any run of spaces, line breaks and slashes as one space */
export function headerKey(header: string): string {
  return header
    .toLowerCase()
    .replace(/[\s/]+/g, ' ')
    .trim();
}

/** CIQUAL 2025, sheet "composition nutritionnelle": constituent column → INFOODS tag */
export const CIQUAL_COLUMNS: Readonly<Record<string, NutrientTag>> = {
  'Energie, Règlement UE N° 1169/2011 (kJ/100 g)': 'ENERC_KJ',
  'Energie, Règlement UE N° 1169/2011 (kcal/100 g)': 'ENERC_KCAL',
  'Eau (g/100 g)': 'WATER',
  'Protéines, N x facteur de Jones (g/100 g)': 'PROCNT',
  'Glucides (g/100 g)': 'CHOAVL',
  'Lipides (g/100 g)': 'FAT',
  'Sucres (g/100 g)': 'SUGAR',
  'Lactose (g/100 g)': 'LACS',
  'Amidon (g/100 g)': 'STARCH',
  'Fibres alimentaires (g/100 g)': 'FIBTG',
  'Polyols totaux (g/100 g)': 'POLYL',
  'Alcool (éthanol) (g/100 g)': 'ALC',
  'Acides organiques (g/100 g)': 'OA',
  'AG saturés (g/100 g)': 'FASAT',
  'AG monoinsaturés (g/100 g)': 'FAMS',
  'AG polyinsaturés (g/100 g)': 'FAPU',
  'AG 4:0, butyrique (g/100 g)': 'F4D0',
  'AG 6:0, caproïque (g/100 g)': 'F6D0',
  'AG 8:0, caprylique (g/100 g)': 'F8D0',
  'AG 10:0, caprique (g/100 g)': 'F10D0',
  'AG 12:0, laurique (g/100 g)': 'F12D0',
  'AG 14:0, myristique (g/100 g)': 'F14D0',
  'AG 16:0, palmitique (g/100 g)': 'F16D0',
  'AG 18:0, stéarique (g/100 g)': 'F18D0',
  'AG 18:1 9c (n-9), oléique (g/100 g)': 'F18D1CN9',
  'AG 18:2 9c,12c (n-6), linoléique (g/100 g)': 'F18D2CN6',
  'AG 18:3 c9,c12,c15 (n-3), alpha-linolénique (g/100 g)': 'F18D3N3',
  'AG 20:4 5c,8c,11c,14c (n-6), arachidonique (g/100 g)': 'F20D4N6',
  'AG 20:5 5c,8c,11c,14c,17c (n-3) EPA (g/100 g)': 'F20D5N3',
  'AG 22:6 4c,7c,10c,13c,16c,19c (n-3) DHA (g/100 g)': 'F22D6N3',
  'Cholestérol (mg/100 g)': 'CHOLE',
  'Sel chlorure de sodium (g/100 g)': 'NACL',
  'Calcium (mg/100 g)': 'CA',
  'Chlorure (mg/100 g)': 'CLD',
  'Cuivre (mg/100 g)': 'CU',
  'Fer (mg/100 g)': 'FE',
  'Iode (µg/100 g)': 'ID',
  'Magnésium (mg/100 g)': 'MG',
  'Manganèse (mg/100 g)': 'MN',
  'Phosphore (mg/100 g)': 'P',
  'Potassium (mg/100 g)': 'K',
  'Sélénium (µg/100 g)': 'SE',
  'Sodium (mg/100 g)': 'NA',
  'Zinc (mg/100 g)': 'ZN',
  'Activité vitaminique A, équivalents rétinol (µg/100 g)': 'VITA',
  'Rétinol (µg/100 g)': 'RETOL',
  'Beta-Carotène (µg/100 g)': 'CARTB',
  'Vitamine D (µg/100 g)': 'VITD',
  'Vitamine E (mg/100 g)': 'VITE',
  'Vitamine K1 (µg/100 g)': 'VITK1',
  'Vitamine K2 (µg/100 g)': 'VITK2',
  'Vitamine C (mg/100 g)': 'VITC',
  'Vitamine B1 ou Thiamine (mg/100 g)': 'THIA',
  'Vitamine B2 ou Riboflavine (mg/100 g)': 'RIBF',
  'Vitamine B3 ou PP ou Niacine (mg/100 g)': 'NIA',
  'Vitamine B5 ou Acide pantothénique (mg/100 g)': 'PANTAC',
  'Vitamine B6 (mg/100 g)': 'VITB6',
  'Vitamine B9 ou Folates totaux (µg/100 g)': 'FOL',
  'Vitamine B12 (µg/100 g)': 'VITB12',
};

/** CIQUAL's descriptive columns */
export const CIQUAL_FIELDS = {
  groupCode: 'alim_grp_code',
  subgroupCode: 'alim_ssgrp_code',
  groupName: 'alim_grp_nom_fr',
  subgroupName: 'alim_ssgrp_nom_fr',
  code: 'alim_code',
  name: 'alim_nom_fr',
} as const;

/** Swiss table 6.4, Italian edition: the value column of each nutrient (derivation and source follow it) */
export const SWISS_COLUMNS: Readonly<Record<string, NutrientTag>> = {
  'Energia, kilojoules (kJ)': 'ENERC_KJ',
  'Energia, calorie (kcal)': 'ENERC_KCAL',
  'Lipidi, totali (g)': 'FAT',
  'Acidi grassi, saturi (g)': 'FASAT',
  'Acidi grassi, monoinsaturi (g)': 'FAMS',
  'Acidi grassi, polinsaturi (g)': 'FAPU',
  'Colesterolo (mg)': 'CHOLE',
  'Glucidi, disponibili (g)': 'CHOAVL',
  'Zuccheri (g)': 'SUGAR',
  'Amido (g)': 'STARCH',
  'Fibra alimentare (g)': 'FIBTG',
  'Proteine (g)': 'PROCNT',
  'Sale (NaCl) (g)': 'NACL',
  'Alcool (g)': 'ALC',
  'Acqua (g)': 'WATER',
  // RE, as CIQUAL's "équivalents rétinol" (the RAE column has no tag in the catalogue)
  'Attività di vitamina A, RE (µg-RE)': 'VITA',
  'Retinolo (µg)': 'RETOL',
  'Beta-carotene (µg)': 'CARTB',
  'Vitamina B1 (tiamina) (mg)': 'THIA',
  'Vitamina B2 (riboflavina) (mg)': 'RIBF',
  'Vitamina B6 (piridossina) (mg)': 'VITB6',
  'Vitamina B12 (cobalamina) (µg)': 'VITB12',
  'Niacina (mg)': 'NIA',
  'Folati (µg)': 'FOL',
  'Acido pantotenico (mg)': 'PANTAC',
  'Vitamina C (acido ascorbico) (mg)': 'VITC',
  'Vitamina D (calciferolo) (µg)': 'VITD',
  'Attività di vitamina E (mg-ATE)': 'VITE',
  'Potassio (K) (mg)': 'K',
  'Sodio (Na) (mg)': 'NA',
  'Cloro (Cl) (mg)': 'CLD',
  'Calcio (Ca) (mg)': 'CA',
  'Magnesio (Mg) (mg)': 'MG',
  'Fosforo (P) (mg)': 'P',
  'Ferro (Fe) (mg)': 'FE',
  'Iodio (I) (µg)': 'ID',
  'Zinco (Zn) (mg)': 'ZN',
  'Selenio (Se) (µg)': 'SE',
};

/** the Swiss table's descriptive columns */
export const SWISS_FIELDS = {
  code: 'ID',
  name: 'Nome',
  synonyms: 'Sinonimi',
  category: 'Categoria',
  density: 'Densità',
  unit: 'Unità di riferimento',
} as const;

/** the sheets read */
export const CIQUAL_SHEET = 'composition nutritionnelle';
export const SWISS_SHEETS = { generic: 'Alimenti generici', branded: 'Prodotti di marca' } as const;
/** the Swiss sheets' header row (a title and a blank row come first) */
export const SWISS_HEADER_ROW = 3;

/** the versions these mappings were written for */
export const TABLE_VERSIONS = { ciqual: '2025-11-03', svizzera: '6.4' } as const;
