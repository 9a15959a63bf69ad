import { normalizeLink, type NotesDoc } from '@studio/contracts';
import { Color, FontSize, TextStyle } from '@tiptap/extension-text-style';
import { CharacterCount } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useState } from 'react';
import { Button, ButtonGroup, Form, InputGroup } from 'react-bootstrap';
import * as it from '../../i18n/it';
import './rich-text.css';

const t = it.richText;
export const FONT_SIZES = ['12px', '14px', '18px', '24px'] as const;

/**
 * Only what the toolbar makes (bold, font size, colour, lists, paragraph, link): the server keeps
 * the notes as this editor's JSON and refuses any other node or mark.
 */
export function richTextExtensions(maxLength?: number) {
  return [
    StarterKit.configure({
      heading: false,
      blockquote: false,
      code: false,
      codeBlock: false,
      horizontalRule: false,
      italic: false,
      strike: false,
      underline: false,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: ['mailto', 'tel'],
        // what the server accepts: web, mail and phone links only
        isAllowedUri: (url) => normalizeLink(url) !== null,
      },
    }),
    TextStyle,
    Color,
    FontSize,
    CharacterCount.configure({ limit: maxLength ?? null }),
  ];
}

interface RichTextEditorProps {
  id: string;
  label: string;
  value: NotesDoc | null;
  onChange(value: NotesDoc | null): void;
  /** optional maximum length of the text */
  maxLength?: number;
}

/** a rich-text field (Tiptap): 200 px high, toolbar with bold, font size, colour, lists, paragraph and link */
export function RichTextEditor({ id, label, value, onChange, maxLength }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: richTextExtensions(maxLength),
    content: value ?? '',
    immediatelyRender: true,
    editorProps: { attributes: { id, 'aria-label': label, class: 'rich-text-content form-control', role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? null : (e.getJSON() as NotesDoc)),
  });
  return (
    <div className="rich-text">
      <Form.Label htmlFor={id}>{label}</Form.Label>
      {editor && <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
      {editor && maxLength && <CharacterCounter editor={editor} max={maxLength} />}
    </div>
  );
}

function CharacterCounter({ editor, max }: { editor: Editor; max: number }) {
  const count = useEditorState({ editor, selector: ({ editor: e }) => (e.storage.characterCount as { characters(): number }).characters() });
  return <div className="form-text text-end">{t.count(count, max)}</div>;
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      fontSize: (e.getAttributes('textStyle').fontSize as string | undefined) ?? '',
      color: (e.getAttributes('textStyle').color as string | undefined) ?? '#000000',
    }),
  });
  const [link, setLink] = useState('');
  const [badLink, setBadLink] = useState(false);
  const linkId = useId();
  const applyLink = () => {
    const href = normalizeLink(link);
    setBadLink(href === null);
    if (href === null) return;
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    setLink('');
  };
  return (
    <div className="rich-text-toolbar d-flex flex-wrap gap-2 mb-1" role="toolbar" aria-label={t.toolbar}>
      <ButtonGroup size="sm">
        <Button variant="outline-secondary" active={state.bold} aria-pressed={state.bold} onClick={() => editor.chain().focus().toggleBold().run()}>
          <strong>{t.bold}</strong>
        </Button>
        <Button variant="outline-secondary" onClick={() => editor.chain().focus().setParagraph().run()}>
          {t.paragraph}
        </Button>
        <Button
          variant="outline-secondary"
          active={state.bulletList}
          aria-pressed={state.bulletList}
          onClick={() => editor.chain().focus().toggleBulletList().run()}
        >
          {t.bulletList}
        </Button>
        <Button
          variant="outline-secondary"
          active={state.orderedList}
          aria-pressed={state.orderedList}
          onClick={() => editor.chain().focus().toggleOrderedList().run()}
        >
          {t.orderedList}
        </Button>
      </ButtonGroup>
      <Form.Select
        size="sm"
        className="w-auto"
        aria-label={t.fontSize}
        value={state.fontSize}
        onChange={(e) => (e.target.value ? editor.chain().focus().setFontSize(e.target.value).run() : editor.chain().focus().unsetFontSize().run())}
      >
        <option value="">{t.defaultSize}</option>
        {FONT_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </Form.Select>
      <Form.Control
        type="color"
        size="sm"
        className="rich-text-color"
        title={t.color}
        aria-label={t.color}
        value={state.color}
        onChange={(e) => editor.chain().focus().setColor(e.target.value).run()}
      />
      <InputGroup size="sm" className="w-auto">
        <Form.Control
          id={linkId}
          aria-label={t.link}
          placeholder={t.linkPlaceholder}
          value={link}
          isInvalid={badLink}
          onChange={(e) => setLink(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              applyLink();
            }
          }}
        />
        <Button variant="outline-secondary" onClick={applyLink}>
          {t.applyLink}
        </Button>
        {state.link && (
          <Button variant="outline-secondary" onClick={() => editor.chain().focus().extendMarkRange('link').unsetLink().run()}>
            {t.removeLink}
          </Button>
        )}
        <Form.Control.Feedback type="invalid">{t.badLink}</Form.Control.Feedback>
      </InputGroup>
    </div>
  );
}
