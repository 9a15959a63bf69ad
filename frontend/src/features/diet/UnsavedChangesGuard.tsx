import { useEffect, useRef } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useBlocker } from 'react-router-dom';
import * as it from '../../i18n/it';

const t = it.diet;

/**
 * While `dirty`, leaving the page asks first: closing or reloading the tab through the browser's own prompt
 * (beforeunload), a link of the app through a dialog (the router's blocker). `allowNext()` lets the next
 * navigation through (after a save, "save and go back").
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const allowed = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // older browsers show the prompt only when returnValue is set
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowed.current) {
      allowed.current = false;
      return false;
    }
    return dirtyRef.current && currentLocation.pathname !== nextLocation.pathname;
  });

  const dialog = (
    <Modal show={blocker.state === 'blocked'} onHide={() => blocker.reset?.()} aria-labelledby="unsaved-title">
      <Modal.Header closeButton closeLabel={it.app.dismiss}>
        <Modal.Title id="unsaved-title" as="h2" className="h5">
          {t.leaveTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{t.leaveText}</Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={() => blocker.reset?.()}>
          {t.leaveStay}
        </Button>
        <Button variant="outline-danger" onClick={() => blocker.proceed?.()}>
          {t.leaveDiscard}
        </Button>
      </Modal.Footer>
    </Modal>
  );
  return { dialog, allowNext: () => (allowed.current = true) };
}
