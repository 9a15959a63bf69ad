// accounts: users, registration, staff, passwords, tax codes (its events are in events/, listed by ../event-catalogue.ts)
export * from './accounts';
export * from './registration';
export * from './rules/codice-fiscale';
export * from './rules/password-policy';
export * from './contact-preferences';
