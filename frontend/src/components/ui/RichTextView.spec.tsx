/** @jest-environment jsdom */
import type { NotesDoc } from '@studio/contracts';
import { render, screen } from '@testing-library/react';
import { RichTextView } from './RichTextView';

const text = (t: string, marks?: unknown[]) => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });

describe('RichTextView', () => {
  test('draws the notes’ paragraphs, marks and lists, phone numbers as tel: links', () => {
    const notes = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [text('Bere acqua', [{ type: 'bold' }]), { type: 'hardBreak' }, text('Chiamare 06 1234567')] },
        { type: 'paragraph', content: [text('rosso', [{ type: 'textStyle', attrs: { color: '#ff0000', fontSize: '18px' } }])] },
        {
          type: 'orderedList',
          attrs: { start: 3 },
          content: [
            { type: 'listItem', content: [{ type: 'paragraph', content: [text('sito', [{ type: 'link', attrs: { href: 'https://crea.gov.it' } }])] }] },
          ],
        },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text('verdure')] }] }] },
      ],
    } as NotesDoc;
    const { container } = render(<RichTextView value={notes} label="Note" />);
    expect(screen.getByRole('group', { name: 'Note' })).toBeTruthy();
    expect(screen.getByText('Bere acqua').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: '06 1234567' }).getAttribute('href')).toBe('tel:061234567');
    expect(screen.getByText('rosso').getAttribute('style')).toBe('color: rgb(255, 0, 0); font-size: 18px;');
    const site = screen.getByRole('link', { name: 'sito' });
    expect([site.getAttribute('href'), site.getAttribute('rel'), site.closest('ol')?.getAttribute('start')]).toEqual([
      'https://crea.gov.it',
      'noopener noreferrer nofollow',
      '3',
    ]);
    expect(container.querySelector('ul li')?.textContent).toBe('verdure');
    expect(container.querySelectorAll('br')).toHaveLength(1);
  });

  test('a link the schema would refuse is plain text, and markup in the text stays text', () => {
    const notes = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [text('clic', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]), text('<img src=x onerror=alert(1)>')] },
      ],
    } as NotesDoc;
    const { container } = render(<RichTextView value={notes} label="Note" />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
  });
});
