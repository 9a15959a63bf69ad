import { normalizeLink, type NotesDoc } from '@studio/contracts';
import type { CSSProperties, ReactNode } from 'react';
import { linkPhoneNumbers } from './phoneLinks';
import './rich-text.css';

type Block = NotesDoc['content'][number];
type Paragraph = Extract<Block, { type: 'paragraph' }>;
type Inline = NonNullable<Paragraph['content']>[number];
type Text = Extract<Inline, { type: 'text' }>;
type ListItemContent = Extract<Block, { type: 'bulletList' | 'orderedList' }>['content'][number]['content'];

/** a text with its marks, the first mark outermost; a link that is not web, mail or phone is left as plain text */
function markedText(node: Text): ReactNode {
  return (node.marks ?? []).reduceRight<ReactNode>((inner, mark) => {
    if (mark.type === 'bold') return <strong>{inner}</strong>;
    if (mark.type === 'link') {
      const href = normalizeLink(mark.attrs.href);
      return href ? (
        <a href={href} target="_blank" rel="noopener noreferrer nofollow">
          {inner}
        </a>
      ) : (
        inner
      );
    }
    const style: CSSProperties = { color: mark.attrs?.color ?? undefined, fontSize: mark.attrs?.fontSize ?? undefined };
    return <span style={style}>{inner}</span>;
  }, node.text);
}

function blocks(content: readonly (Block | ListItemContent[number])[]): ReactNode[] {
  return content.map((block, i) => {
    if (block.type === 'paragraph')
      return <p key={i}>{(block.content ?? []).map((inline, j) => (inline.type === 'text' ? <span key={j}>{markedText(inline)}</span> : <br key={j} />))}</p>;
    const items = block.content.map((item, j) => <li key={j}>{blocks(item.content)}</li>);
    return block.type === 'orderedList' ? (
      <ol key={i} start={block.attrs?.start}>
        {items}
      </ol>
    ) : (
      <ul key={i}>{items}</ul>
    );
  });
}

/**
 * The notes shown, not edited (the patient's /home, the doctor's print sheet): the editor's JSON drawn as React
 * elements, node by node, only those the notes' schema allows (the server refuses any other), with React escaping
 * the text. Not Tiptap: the editor and ProseMirror (about 100 KB compressed) stay on the page that edits.
 */
export function RichTextView({ value, label }: { value: NotesDoc; label: string }) {
  return (
    <div className="rich-text-view">
      {/* read-only text named as a group: role=document with aria-readonly is not allowed (axe aria-allowed-attr) */}
      <div role="group" aria-label={label}>
        {blocks(linkPhoneNumbers(value).content)}
      </div>
    </div>
  );
}
