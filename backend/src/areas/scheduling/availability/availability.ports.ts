/**
 * What patients are offered of a doctor's free slots depends on rooms, which booking owns (it uses availability): booking
 * answers through this port, bound in infrastructure/feature-ports.module.ts, so availability imports nothing of it.
 */
export abstract class SlotOffers {
  /** of these starts of one doctor's free slots, the ones offered: a room free where the location has rooms */
  abstract offered(doctorId: string, starts: string[]): Promise<Set<string>>;
}
