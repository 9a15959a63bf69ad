import { WidgetSettingsInput } from '@studio/contracts';
import { deciderSpec } from '../../platform/event-store/decider-spec';
import { widgetSettingsDecider } from './widget-settings.decider';

const admin = { id: 'a1', admin: true };
const doctor = { id: 'd1', admin: false };
const set = (origins: string[]) => ({ type: 'WidgetOriginsSet' as const, data: { origins } });

describe('widget settings decider', () => {
  const given = deciderSpec(widgetSettingsDecider);
  it('the administrator lists the origins', () =>
    given([])
      .when({ type: 'SetWidgetOrigins', actor: admin, origins: ['https://www.studio-esempio.it'] })
      .then([set(['https://www.studio-esempio.it'])]));
  it('the same list again appends nothing', () =>
    given([set(['https://a.it'])])
      .when({ type: 'SetWidgetOrigins', actor: admin, origins: ['https://a.it'] })
      .then([]));
  it('an empty list closes the frame again', () =>
    given([set(['https://a.it'])])
      .when({ type: 'SetWidgetOrigins', actor: admin, origins: [] })
      .then([set([])]));
  it('a doctor may not list them', () => given([]).when({ type: 'SetWidgetOrigins', actor: doctor, origins: [] }).thenThrows('solo_amministrazione'));
});

describe('widget origins as given', () => {
  it('are origins: https, or http on this machine’s loopback; a trailing slash is dropped, duplicates once', () => {
    expect(WidgetSettingsInput.parse({ allowedOrigins: ['https://www.studio-esempio.it/', 'http://127.0.0.1:8080', 'https://www.studio-esempio.it'] })).toEqual(
      {
        allowedOrigins: ['https://www.studio-esempio.it', 'http://127.0.0.1:8080'],
      },
    );
  });
  it('refuse plain http elsewhere, paths, wildcards, credentials and non-URLs, in Italian', () => {
    for (const origin of [
      'http://www.studio.it',
      'https://studio.it/prenota',
      '*',
      'https://*.studio.it',
      'https://u:p@studio.it',
      'javascript:alert(1)',
      "'none'",
    ]) {
      const result = WidgetSettingsInput.safeParse({ allowedOrigins: [origin] });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toMatch(/Origine non valida/);
    }
    expect(WidgetSettingsInput.safeParse({ allowedOrigins: Array.from({ length: 21 }, (_, i) => `https://s${i}.it`) }).success).toBe(false);
  });
});
