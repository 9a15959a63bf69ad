// scheduling: availability, visit types, bookings and what happens to them (its events are in events/, listed by ../event-catalogue.ts)
export * from './availability';
export * from './availability-tools';
export * from './booking';
export * from './external-calendar';
export * from './follow-up';
export * from './outcome';
export * from './series';
export * from './visit-types';
export * from './rules/availability-range';
export * from './rules/slot-appearance';
