// fiscal: fiscal profiles, receipts, the Sistema TS file, erasure requests (its events are in events/, listed by ../event-catalogue.ts)
export * from './fiscal';
export * from './rules/partita-iva';
export * from './rules/stamp-duty';
