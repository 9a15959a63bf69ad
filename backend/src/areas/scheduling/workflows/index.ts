// the scheduling area's workflows, for the areas that build on them (each feature of the area has its own index.ts)
export { SchedulingWorkflowsModule } from './workflows.module';
export { HoldService } from '../hold/hold.service';
export { HoldExpiryService } from '../hold/hold-expiry.service';
export { BookingLifecycleService } from '../booking-lifecycle/booking-lifecycle.service';
export { REFUND_FOR_CANCELLATION } from '../booking-lifecycle/cancel-booking.workflow';
