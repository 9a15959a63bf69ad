import type { FoodCategoryRequest, FoodRequest } from '@studio/contracts';

/**
 * The demo catalogue: common Italian foods with indicative values per 100 g of edible part
 * (rounded, after CREA – Tabelle di composizione degli alimenti; not for clinical use as such).
 * Base weight: grams of one usual portion unit. Category kcal: a typical value for the group.
 */
export const DEMO_FOOD_CATEGORIES: FoodCategoryRequest[] = [
  { name: 'Cereali e tuberi', kcal100: 340, baseWeight: 80 },
  { name: 'Pane e sostituti', kcal100: 290, baseWeight: 50 },
  { name: 'Legumi', kcal100: 310, baseWeight: 50 },
  { name: 'Carne', kcal100: 140, baseWeight: 100 },
  { name: 'Salumi', kcal100: 260, baseWeight: 50 },
  { name: 'Pesce', kcal100: 110, baseWeight: 150 },
  { name: 'Uova', kcal100: 128, baseWeight: 60 },
  { name: 'Latte e yogurt', kcal100: 55, baseWeight: 125 },
  { name: 'Formaggi', kcal100: 320, baseWeight: 50 },
  { name: 'Verdure', kcal100: 22, baseWeight: 200 },
  { name: 'Frutta', kcal100: 45, baseWeight: 150 },
  { name: 'Frutta secca e semi', kcal100: 610, baseWeight: 30 },
  { name: 'Grassi e condimenti', kcal100: 880, baseWeight: 10 },
  { name: 'Dolci', kcal100: 400, baseWeight: 30 },
];

// name; category; kcal per 100 g; base weight g; protein; carbohydrate; fat (g per 100 g)
const TABLE = `
Pasta di semola;Cereali e tuberi;353;80;13;74;1.2
Pasta integrale;Cereali e tuberi;324;80;13.4;62.5;2.5
Pasta all'uovo;Cereali e tuberi;366;80;13;70;4
Riso brillato;Cereali e tuberi;332;80;6.7;80.4;0.4
Riso integrale;Cereali e tuberi;337;80;7.5;77.4;1.9
Farro;Cereali e tuberi;335;80;15.1;67.1;2.5
Orzo perlato;Cereali e tuberi;319;80;9.4;70.5;1.4
Fiocchi d'avena;Cereali e tuberi;372;40;8;72.8;7
Cous cous;Cereali e tuberi;356;80;12.5;72.5;1.9
Farina di mais (polenta);Cereali e tuberi;356;80;8.7;80.8;2.7
Quinoa;Cereali e tuberi;368;80;14.1;64.2;6.1
Corn flakes;Cereali e tuberi;362;30;6.6;87.4;0.7
Patate;Cereali e tuberi;85;200;2.1;17.9;1
Gnocchi di patate;Cereali e tuberi;160;150;4;34;0.5
Pane comune;Pane e sostituti;275;50;8.1;63.5;0.5
Pane integrale;Pane e sostituti;243;50;7.5;53.8;1.3
Pane di segale;Pane e sostituti;219;50;8.5;45.8;1.7
Fette biscottate;Pane e sostituti;408;20;11.3;82.3;6
Grissini;Pane e sostituti;431;20;12.3;68.4;13.9
Crackers;Pane e sostituti;428;25;9.4;80;10
Gallette di riso;Pane e sostituti;380;10;8;82;3
Piadina;Pane e sostituti;330;60;8;50;10
Ceci secchi;Legumi;334;50;20.9;46.9;6.3
Lenticchie secche;Legumi;291;50;22.7;51.1;1
Fagioli borlotti secchi;Legumi;283;50;20.2;47.5;2
Fagioli cannellini secchi;Legumi;279;50;23.4;45.5;1.6
Fave secche;Legumi;341;50;27.2;55.3;3
Piselli freschi;Legumi;76;150;5.5;12.4;0.6
Tofu;Legumi;145;100;15.5;2.5;8.6
Petto di pollo;Carne;100;100;23.3;0;0.8
Petto di tacchino;Carne;107;100;24;0;1.2
Manzo, taglio magro;Carne;108;100;21.3;0;2.6
Vitello, taglio magro;Carne;92;100;20.7;0;1
Lonza di maiale;Carne;146;100;21.3;0;6.8
Coniglio;Carne;118;100;22;0;3.5
Prosciutto crudo;Salumi;268;50;25.5;0;18.5
Prosciutto cotto;Salumi;215;50;19.8;0.9;14.7
Bresaola;Salumi;151;50;32;0;2.6
Salame;Salumi;392;50;26.7;1.5;31.2
Mortadella;Salumi;317;50;14.7;0;28.1
Merluzzo;Pesce;71;150;17;0;0.3
Orata;Pesce;121;150;19.7;1.2;3.8
Branzino;Pesce;82;150;16.5;0.6;1.5
Salmone;Pesce;185;150;18.4;1;12
Tonno fresco;Pesce;159;150;21.5;0.1;8.1
Tonno sott'olio sgocciolato;Pesce;192;50;25.2;0;10.1
Sgombro;Pesce;170;150;17;0.5;11.1
Sardine;Pesce;129;150;20.8;1.5;4.5
Alici;Pesce;96;150;16.8;1.5;2.6
Gamberi;Pesce;71;150;13.6;2.9;0.6
Calamari;Pesce;68;150;12.6;0.6;1.7
Polpo;Pesce;57;150;10.6;1.4;1
Baccalà ammollato;Pesce;95;150;21.6;0;0.7
Uovo di gallina intero;Uova;128;60;12.4;0;8.7
Albume d'uovo;Uova;43;35;10.7;0;0
Latte intero;Latte e yogurt;64;200;3.3;4.9;3.6
Latte parzialmente scremato;Latte e yogurt;46;200;3.5;5;1.5
Latte scremato;Latte e yogurt;34;200;3.6;5.3;0.2
Yogurt intero;Latte e yogurt;66;125;3.8;4.3;3.9
Yogurt magro;Latte e yogurt;43;125;3.4;4.5;0.9
Yogurt greco magro;Latte e yogurt;57;150;10;4;0.2
Bevanda di soia;Latte e yogurt;32;200;2.9;0.8;1.9
Parmigiano Reggiano;Formaggi;392;10;33.5;0;28.1
Grana Padano;Formaggi;398;10;33;0;29
Pecorino;Formaggi;387;20;28.5;0.2;30
Mozzarella di vacca;Formaggi;253;100;18.7;0.7;19.5
Ricotta vaccina;Formaggi;146;100;8.8;3.5;10.9
Stracchino;Formaggi;300;50;18.5;0;25.1
Provolone;Formaggi;374;50;28.2;2.1;28
Fiocchi di latte;Formaggi;100;100;12;3;4.5
Feta;Formaggi;250;50;15.6;1.5;20.2
Gorgonzola;Formaggi;324;50;19.1;1;27.1
Scamorza;Formaggi;334;50;25;1;25.6
Zucchine;Verdure;11;200;1.3;1.4;0.1
Pomodori;Verdure;17;200;1;3.5;0.2
Lattuga;Verdure;15;80;1.8;2.2;0.4
Spinaci;Verdure;31;200;3.4;2.9;0.7
Carote;Verdure;39;200;1.1;7.6;0.2
Melanzane;Verdure;18;200;1.1;2.6;0.4
Peperoni;Verdure;26;200;0.9;4.2;0.3
Broccoli;Verdure;27;200;3;3.1;0.4
Cavolfiore;Verdure;25;200;3.2;2.7;0.2
Finocchi;Verdure;9;200;1.2;1;0
Fagiolini;Verdure;18;200;2.1;2.4;0.1
Cetrioli;Verdure;14;200;0.7;1.8;0.5
Radicchio rosso;Verdure;13;80;1.4;1.6;0.1
Rucola;Verdure;28;50;2.6;3.9;0.3
Carciofi;Verdure;22;200;2.7;2.5;0.2
Asparagi;Verdure;29;200;3.6;3.3;0.2
Funghi champignon;Verdure;20;200;3.1;0.8;0.3
Cipolle;Verdure;28;50;1;5.7;0.1
Bietole;Verdure;17;200;1.3;2.8;0.1
Cavolo cappuccio;Verdure;19;200;1.4;2.8;0.1
Sedano;Verdure;23;100;2.3;2.4;0.2
Mela;Frutta;53;150;0.2;13.7;0.1
Pera;Frutta;41;150;0.3;9.5;0.1
Banana;Frutta;65;150;1.2;15.4;0.3
Arancia;Frutta;34;150;0.7;7.8;0.2
Mandarino;Frutta;72;150;0.9;17.6;0.3
Kiwi;Frutta;44;150;1.2;9;0.6
Fragole;Frutta;27;150;0.9;5.3;0.4
Pesca;Frutta;27;150;0.8;6.1;0.1
Albicocca;Frutta;28;150;0.4;6.8;0.1
Uva;Frutta;61;150;0.5;15.6;0.1
Ciliegie;Frutta;38;150;0.8;9;0.1
Anguria;Frutta;16;300;0.4;3.7;0
Melone;Frutta;33;200;0.8;7.4;0.2
Ananas;Frutta;40;150;0.5;10;0
Fichi;Frutta;47;150;0.9;11.2;0.2
Prugne;Frutta;42;150;0.5;10.5;0.1
Cachi;Frutta;65;150;0.6;16;0.3
Mandorle;Frutta secca e semi;603;30;22;4.6;55.3
Noci;Frutta secca e semi;689;30;14.3;5.1;68.1
Nocciole;Frutta secca e semi;655;30;13.8;6.1;64.1
Pistacchi;Frutta secca e semi;608;30;18.1;8.1;56.1
Arachidi tostate;Frutta secca e semi;598;30;29;8.5;50
Anacardi;Frutta secca e semi;598;30;15;30;46
Semi di girasole;Frutta secca e semi;584;30;20.8;20;51.5
Uvetta;Frutta secca e semi;283;30;1.9;72;0.6
Olio extravergine di oliva;Grassi e condimenti;899;10;0;0;99.9
Olio di semi di girasole;Grassi e condimenti;899;10;0;0;99.9
Burro;Grassi e condimenti;758;10;0.8;1.1;83.4
Biscotti secchi;Dolci;416;30;6.6;84;7.9
Cioccolato fondente;Dolci;515;30;6.6;49.7;33.6
Miele;Dolci;304;20;0.6;80.3;0
Marmellata;Dolci;222;20;0.5;58.7;0
Zucchero;Dolci;392;10;0;99.8;0
Cornetto semplice;Dolci;430;50;7.7;46;23
Gelato fior di latte;Dolci;218;100;5;25.3;11.4
`;

/** the demo foods; `category` names one of DEMO_FOOD_CATEGORIES */
export const DEMO_FOODS: (Omit<FoodRequest, 'categoryId'> & { category: string })[] = TABLE.trim()
  .split('\n')
  .map((line) => {
    const [name, category, kcal100, baseWeight, protein, carbohydrate, fat] = line.split(';');
    return { name, category, kcal100: +kcal100, baseWeight: +baseWeight, protein: +protein, carbohydrate: +carbohydrate, fat: +fat };
  });
