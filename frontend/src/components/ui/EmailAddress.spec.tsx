/** @jest-environment jsdom */
import { render } from '@testing-library/react';
import { EmailAddress } from './EmailAddress';

describe('EmailAddress', () => {
  it('reads as the address and may break only after the @ and before dots', () => {
    const { container } = render(<EmailAddress address="giulia.rossi-nutrizionista@studio.example.it" />);
    const span = container.querySelector('.app-email-address')!;
    expect(span.textContent).toBe('giulia.rossi-nutrizionista@studio.example.it');
    const pieces = Array.from(span.childNodes)
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent);
    expect(pieces).toEqual(['giulia', '.rossi-nutrizionista', '@', 'studio', '.example', '.it']);
    expect(span.querySelectorAll('wbr')).toHaveLength(5);
  });
});
