import { EventSchemas } from '@studio/contracts';
import { it as t } from '../../i18n/it';
import { describe as describeType } from './Timeline';

describe('the history speaks Italian', () => {
  it('every event type of the log has an Italian description', () => {
    const missing = Object.keys(EventSchemas).filter((type) => !t.audit.eventTypes[type]);
    expect(missing).toEqual([]);
  });

  it('an unknown type reads as itself rather than as nothing', () => {
    expect(describeType('SlotOpened')).toBe('Orario aperto dal medico');
    expect(describeType('SomethingNew')).toBe('SomethingNew');
  });
});
