import { useState, type ReactNode } from 'react';
import { Accordion } from 'react-bootstrap';
import { AsyncContentView } from './AsyncContentView';
import { useAsyncContent, type AfterFetchHandler, type ContentLoader } from './useAsyncContent';

export interface AsyncAccordionItem<T = any> {
  eventKey: string;
  header: ReactNode;
  load: ContentLoader<T>;
  render: (data: T) => ReactNode;
}

function Item<T>({ item, open, onAfterFetch }: { item: AsyncAccordionItem<T>; open: boolean; onAfterFetch?: AfterFetchHandler }) {
  const { content, target } = useAsyncContent(open, item.load, onAfterFetch);
  return (
    <Accordion.Item eventKey={item.eventKey}>
      <Accordion.Header>{item.header}</Accordion.Header>
      <Accordion.Body ref={target}>
        <AsyncContentView content={content}>{item.render}</AsyncContentView>
      </Accordion.Body>
    </Accordion.Item>
  );
}

/** an accordion whose items load their body on first open */
export function AsyncAccordion({ items, onAfterFetch }: { items: AsyncAccordionItem[]; onAfterFetch?: AfterFetchHandler }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Accordion activeKey={open} onSelect={(key) => setOpen(typeof key === 'string' ? key : null)}>
      {items.map((item) => (
        <Item key={item.eventKey} item={item} open={open === item.eventKey} onAfterFetch={onAfterFetch} />
      ))}
    </Accordion>
  );
}
