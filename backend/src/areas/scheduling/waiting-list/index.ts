// waiting-list's public entry: what the offer workflow uses (docs/architettura.md, "Dipendenze tra funzioni")
export { waitingListDecider, type WaitingList, type WaitingListCommand, type WaitingListEvent } from './waiting-list.decider';
export { EndWaitingListOffer } from './waiting-list.commands';
export { WaitingListService } from './waiting-list.service';
export { WaitingListModule } from './waiting-list.module';
// the read models it owns, typed (no other feature names them by a string nor imports its projection)
export { waitingListEntriesReadModel } from './read-models';
