import { useState, type ReactElement, type ReactNode } from 'react';
import { OverlayTrigger, Popover } from 'react-bootstrap';
import { AsyncContentView } from './AsyncContentView';
import { useAsyncContent, type AfterFetchHandler, type ContentLoader } from './useAsyncContent';

export interface AsyncPopoverProps<T> {
  id: string;
  title?: ReactNode;
  load: ContentLoader<T>;
  render: (data: T) => ReactNode;
  /** the element that opens it (a button): must accept a ref */
  children: ReactElement;
  onAfterFetch?: AfterFetchHandler;
}

/** a click popover whose body loads on first open */
export function AsyncPopover<T>({ id, title, load, render, children, onAfterFetch }: AsyncPopoverProps<T>) {
  const [show, setShow] = useState(false);
  const [opened, setOpened] = useState(false);
  const { content, target } = useAsyncContent(opened, load, onAfterFetch);
  const overlay = (
    <Popover id={id}>
      {title && <Popover.Header>{title}</Popover.Header>}
      <Popover.Body ref={target}>
        <AsyncContentView content={content}>{render}</AsyncContentView>
      </Popover.Body>
    </Popover>
  );
  return (
    <OverlayTrigger
      trigger="click"
      rootClose
      show={show}
      onToggle={(next) => {
        setShow(next);
        if (next) setOpened(true);
      }}
      placement="auto"
      overlay={overlay}
    >
      {children}
    </OverlayTrigger>
  );
}
