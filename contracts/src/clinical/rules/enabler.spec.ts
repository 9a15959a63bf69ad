import { textEnabledBy } from './enabler';

const option = (value: string, enabler?: boolean) => ({ value, label: value, ...(enabler ? { enabler } : {}) });

describe('the enabler rule', () => {
  it('an enabler option chosen enables the text; none chosen leaves it disabled', () => {
    const q = { options: [option('no'), option('si', true), option('forse')] };
    expect(textEnabledBy(q, ['si'])).toBe(true);
    expect(textEnabledBy(q, ['no', 'si'])).toBe(true);
    expect(textEnabledBy(q, ['no'])).toBe(false);
    expect(textEnabledBy(q, [])).toBe(false);
  });

  it('a handle-more radio enables the text only with its last option', () => {
    const q = { handleMore: true, options: [option('calcio'), option('nuoto'), option('altro')] };
    expect(textEnabledBy(q, ['altro'])).toBe(true);
    expect(textEnabledBy(q, ['nuoto'])).toBe(false);
    expect(textEnabledBy({ ...q, handleMore: false }, ['altro'])).toBe(false);
  });
});
