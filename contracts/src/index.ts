export * from './event-store';
export * from './events';
export * from './availability';
export * from './http';
export * from './socket';
