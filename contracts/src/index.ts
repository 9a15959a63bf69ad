import './platform/zod-it';
export { italianZodError } from './platform/zod-it';
// what every area shares: the event store's and projections' shapes, HTTP and socket messages, streams, time, text
export * from './platform/csv';
export * from './platform/error-body';
export * from './platform/event-store';
export * from './platform/http';
export * from './platform/messages';
export * from './platform/practice-time';
export * from './platform/projection';
export * from './platform/sealed';
export * from './platform/socket-names';
export * from './platform/socket';
export * from './platform/streams';
export * from './platform/rules/plain-text';
// the event catalogue: every stream's events, parsed and typed
export * from './event-catalogue';
// the business areas
export * from './scheduling';
export * from './payments';
export * from './fiscal';
export * from './clinical';
export * from './nutrition';
export * from './accounts';
export * from './notifications';
export * from './audit';
export * from './practice';
