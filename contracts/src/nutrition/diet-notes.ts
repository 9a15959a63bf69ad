import { z } from '../platform/zod-it';
import { NOTES_MAX_LENGTH, notesText, SAFE_HREF } from './rules/notes-text';

// the diet's notes (rich text) as Tiptap's JSON, allow-listed node by node; their text and links: rules/notes-text.ts

const TextMark = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bold') }),
  z.object({
    type: z.literal('textStyle'),
    attrs: z
      .object({
        color: z
          .string()
          .regex(/^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\))$/i, 'Colore non valido')
          .nullish(),
        fontSize: z
          .string()
          .regex(/^\d{1,2}(\.\d)?(px|pt|em|rem)$/, 'Dimensione del testo non valida')
          .nullish(),
      })
      .strip()
      .optional(),
  }),
  z.object({
    type: z.literal('link'),
    attrs: z
      .object({
        href: z.string().max(500).regex(SAFE_HREF, 'Collegamento non valido: usa un indirizzo web, un’email o un numero di telefono'),
        target: z.enum(['_blank']).nullish(),
        rel: z
          .string()
          .max(100)
          .regex(/^[a-z ]*$/)
          .nullish(),
      })
      .strip(),
  }),
]);
const TextNode = z.object({ type: z.literal('text'), text: z.string().max(NOTES_MAX_LENGTH), marks: z.array(TextMark).max(5).optional() });
const HardBreak = z.object({ type: z.literal('hardBreak') });
const Paragraph = z.object({
  type: z.literal('paragraph'),
  content: z
    .array(z.union([TextNode, HardBreak]))
    .max(2000)
    .optional(),
});
export type ListNode = {
  type: 'bulletList' | 'orderedList';
  attrs?: { start?: number };
  content: { type: 'listItem'; content: (z.infer<typeof Paragraph> | ListNode)[] }[];
};
const List: z.ZodType<ListNode> = z.lazy(() =>
  z.object({
    type: z.enum(['bulletList', 'orderedList']),
    attrs: z
      .object({ start: z.number().int().min(0).max(1000).optional() })
      .strip()
      .optional(),
    content: z.array(z.object({ type: z.literal('listItem'), content: z.array(z.union([Paragraph, List])).max(50) })).max(200),
  }),
);
/** the notes as Tiptap's document JSON: only the nodes and marks the toolbar makes, links only to web, mail or phone */
export const NotesDoc = z
  .object({ type: z.literal('doc'), content: z.array(z.union([Paragraph, List])).max(500) })
  .refine((doc) => notesText(doc).length <= NOTES_MAX_LENGTH, { message: `Note troppo lunghe (al massimo ${NOTES_MAX_LENGTH} caratteri)` });
export type NotesDoc = z.infer<typeof NotesDoc>;
