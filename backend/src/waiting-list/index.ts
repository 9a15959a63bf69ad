// waiting-list's public entry: what the offer workflow uses (DESIGN.md "Dependencies between features")
export { waitingListDecider, type WaitingList, type WaitingListCommand, type WaitingListEvent } from './waiting-list.decider';
export { WaitingListService } from './waiting-list.service';
export { WaitingListModule } from './waiting-list.module';
