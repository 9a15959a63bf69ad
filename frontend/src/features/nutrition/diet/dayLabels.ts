import type { Weekday } from '@studio/contracts';
import * as it from '../../../i18n/it';

/** a weekday's Italian name (a module of its own: the patient's /home reads it without the editor's widgets) */
export const dayLabel = (weekday: Weekday) => it.dietPlan.weekdays[weekday];
