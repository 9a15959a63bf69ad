import { availabilitySlotsProjection } from './availability-slots.projection';
import { usersProjection } from './users.projection';

export * from './availability-slots.projection';
export * from './users.projection';

/** every live projection, in the order the runner applies them */
export const allProjections = [usersProjection, availabilitySlotsProjection];
