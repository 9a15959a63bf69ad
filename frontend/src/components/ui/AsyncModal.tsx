import { useId, type ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';
import * as it from '../../i18n/it';
import { AsyncContentView } from './AsyncContentView';
import { useAsyncContent, type AfterFetchHandler, type ContentLoader } from './useAsyncContent';

export interface AsyncModalProps<T> {
  show: boolean;
  onHide(): void;
  title: ReactNode;
  /** called on first open only; the content stays for later openings */
  load: ContentLoader<T>;
  children: (data: T) => ReactNode;
  onAfterFetch?: AfterFetchHandler;
  size?: 'sm' | 'lg' | 'xl';
}

/** a modal whose body loads on first open (async modals) */
export function AsyncModal<T>({ show, onHide, title, load, children, onAfterFetch, size }: AsyncModalProps<T>) {
  const { content, target } = useAsyncContent(show, load, onAfterFetch);
  // the dialog is named by its title (axe aria-dialog-name)
  const titleId = useId();
  return (
    <Modal show={show} onHide={onHide} size={size} scrollable aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={it.ui.close}>
        <Modal.Title id={titleId}>{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body ref={target}>
        <AsyncContentView content={content}>{children}</AsyncContentView>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          {it.ui.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
