export * from './event-store';
export * from './events';
export * from './availability';
export * from './http';
export * from './socket';
export * from './booking';
export * from './registration';
export * from './questionnaire';
