// What a nutritionist types in the food search, and the food she means, in the real tables (CIQUAL 2025 with
// the project's Italian names, the Swiss table 6.4 in Italian). Each expected food was picked by reading the
// tables' names, as the food meant (raw and dry weights where the diet weighs them so, the table's generic
// entry where there is one); food-search.queries.spec.ts checks it is among the first three results and
// the search bench times these queries.
import type { FoodSource } from '@studio/contracts';

export interface SearchExpectation {
  query: string;
  source: FoodSource;
  code: string;
  /** what the query tries: the plain word, a typo, another word order, a synonym */
  kind: 'parola' | 'refuso' | 'ordine' | 'sinonimo';
}

const q = (query: string, source: FoodSource, code: string, kind: SearchExpectation['kind'] = 'parola'): SearchExpectation => ({
  query,
  source,
  code,
  kind,
});

export const FOOD_SEARCH_QUERIES: readonly SearchExpectation[] = [
  // cereals, bread, pasta
  q('farro', 'ciqual', '9001'), // Farro spelta, crudo
  q('quinoa', 'ciqual', '9340'), // Quinoa, cruda
  q('pasta integrale', 'ciqual', '9870'), // Pasta integrale, secca, cruda
  q('integrale pasta', 'ciqual', '9870', 'ordine'),
  q('pasta', 'ciqual', '9810'), // Pasta di semola, secca, cruda
  q('spaghetti', 'ciqual', '9810', 'sinonimo'),
  q('riso basmati', 'ciqual', '9119'), // Riso thai o basmati, crudo
  q('riso integrale', 'ciqual', '9102'), // Riso integrale, crudo
  q('riso', 'ciqual', '9100'), // Riso bianco, crudo
  q("fiocchi d'avena", 'ciqual', '32140'), // Fiocchi d'avena
  q('avena fiocchi', 'svizzera', '198', 'ordine'), // Fiocchi di avena
  q('orzo perlato', 'ciqual', '9321'), // Orzo perlato, crudo
  q('cous cous', 'ciqual', '9681', 'sinonimo'), // Cuscus (semola di grano duro precotta), da cuocere
  q('pane integrale', 'ciqual', '7110'), // Pane integrale (farina T150)
  q('fette biscottate', 'ciqual', '7300'), // Fette biscottate classiche
  q('gallette di riso', 'ciqual', '7352'), // Gallette di riso integrale soffiato
  q('farina 00', 'ciqual', '9440'), // Farina di grano tenero T45 (simile al tipo 00)
  // dairy and eggs
  q('kefir', 'ciqual', '19865'), // Kefir di latte
  q('yogurt greco', 'ciqual', '19860'), // Yogurt greco al naturale
  q('yogurt bianco', 'ciqual', '19593'), // Yogurt o latte fermentato, al naturale
  q('yoghurt', 'svizzera', '52', 'sinonimo'), // Yogurt, naturale
  q('skyr', 'ciqual', '19724', 'sinonimo'), // Specialità casearia ad alto contenuto proteico, al naturale
  q('ricotta', 'ciqual', '19585'), // Ricotta vaccina
  q('mozzarella', 'ciqual', '19590'), // Mozzarella di latte vaccino
  q('mozarella', 'ciqual', '19590', 'refuso'),
  q('grana', 'ciqual', '12123', 'sinonimo'), // Grana Padano
  q('parmiggiano', 'ciqual', '12120', 'refuso'), // Parmigiano Reggiano / Grana
  q('latte parzialmente scremato', 'ciqual', '19033'), // Latte parzialmente scremato (alimento medio)
  q('latte intero', 'ciqual', '19016'), // Latte intero (alimento medio)
  q('uova', 'ciqual', '22000'), // Uovo, crudo
  // meat, fish
  q('petto di pollo', 'ciqual', '36017'), // Pollo, petto senza pelle, crudo
  q('pollo petto', 'ciqual', '36017', 'ordine'),
  q('fesa di tacchino', 'ciqual', '36304'), // Tacchino, fesa (fettina), cruda
  q('bresaola', 'ciqual', '28503'), // Bresaola
  q('prosciutto crudo', 'ciqual', '28800'), // Prosciutto crudo
  q('prosciutto cotto', 'ciqual', '28900'), // Prosciutto cotto, qualità superiore
  q('bistecca', 'ciqual', '6201'), // Manzo, bistecca, cruda
  q('wurstel', 'ciqual', '30134', 'sinonimo'), // Würstel di Francoforte
  q('salmone', 'ciqual', '26036'), // Salmone d'allevamento, crudo
  q('merluzzo', 'ciqual', '26043'), // Merluzzo, crudo
  q('nasello', 'ciqual', '26044'), // Nasello, crudo
  q('baccala', 'ciqual', '26098', 'sinonimo'), // Baccalà (merluzzo salato essiccato)
  q('tonno al naturale', 'ciqual', '26039'), // Tonno al naturale, in scatola, sgocciolato
  q('naturale tonno', 'ciqual', '26039', 'ordine'),
  q('sgombro', 'ciqual', '26051'), // Sgombro, crudo
  q('branzino', 'ciqual', '26072', 'sinonimo'), // Spigola (branzino), cruda
  q('gamberi', 'ciqual', '10021'), // Gambero, crudo
  q('polpo', 'ciqual', '10018'), // Polpo, crudo: not a fruit's "polpa"
  // legumes
  q('lenticchie secche', 'ciqual', '20359'), // Lenticchie, secche (alimento medio)
  q('lenticchie', 'ciqual', '20359'),
  q('ceci in scatola', 'ciqual', '20532'), // Ceci, in scatola, sgocciolati
  q('ceci secchi', 'ciqual', '20516'), // Ceci, secchi
  q('latte di soia', 'ciqual', '18113', 'sinonimo'), // Bevanda di soia, confezionata (alimento medio)
  // vegetables and fruit
  q('spinaci', 'ciqual', '20059'), // Spinaci, crudi
  q('zucchine', 'ciqual', '20020'), // Zucchina, polpa e buccia, cruda
  q('zuchine', 'ciqual', '20020', 'refuso'),
  q('broccoli', 'ciqual', '20057'), // Broccolo, crudo
  q('brocoli', 'ciqual', '20057', 'refuso'),
  q('patate', 'ciqual', '4008'), // Patata, senza buccia, cruda
  q('pomodoro', 'ciqual', '20385'), // Pomodoro, senza indicazioni, crudo (alimento medio)
  q('pomodorini', 'ciqual', '20172', 'sinonimo'), // Pomodorino ciliegino, crudo
  q('fagiolini', 'ciqual', '20061'), // Fagiolini, crudi
  q('carote', 'ciqual', '20009'), // Carota, cruda
  q('finocchi', 'ciqual', '20028'), // Finocchio, crudo
  q('lattuga', 'ciqual', '20031'), // Lattuga, cruda
  q('cavolfiore', 'ciqual', '20016'), // Cavolfiore, crudo
  q('mela', 'ciqual', '13039'), // Mela, polpa e buccia, cruda
  q('banana', 'ciqual', '13005'), // Banana, polpa senza buccia, cruda
  q('arancia', 'ciqual', '13034'), // Arancia, polpa senza buccia e senza semi, cruda
  q('fragole', 'ciqual', '13014'), // Fragola, cruda
  q('mirtilli', 'ciqual', '13028'), // Mirtillo, crudo
  q('pesca', 'ciqual', '13398'), // Pesca, polpa senza buccia, senza nocciolo, cruda (alimento medio): not the fish
  q('pesce', 'svizzera', '1098'), // Pesce (in media), crudo: not the peach
  // nuts, fats, sweet, drinks
  q('noci', 'ciqual', '15005'), // Noce, gheriglio, secco
  q('mandorle', 'ciqual', '15000'), // Mandorla, con pellicina, senza sale aggiunto
  q('pistacchi', 'ciqual', '15044'), // Pistacchio, tostato, senza sale aggiunto
  q('olio evo', 'ciqual', '17270', 'sinonimo'), // Olio extravergine di oliva
  q('olio di oliva', 'ciqual', '17270'),
  q('burro', 'ciqual', '16400'), // Burro, almeno 80% di grassi, non salato
  q('miele', 'ciqual', '31008'), // Miele
  q('cioccolato fondente', 'ciqual', '31005'), // Cioccolato fondente circa 50% di cacao, tavoletta
  q('caffè', 'ciqual', '18004'), // Caffè, non istantaneo, senza zuccheri aggiunti, pronto da bere
  q('tè verde', 'ciqual', '18155'), // Tè verde in infusione, senza zuccheri aggiunti
];
