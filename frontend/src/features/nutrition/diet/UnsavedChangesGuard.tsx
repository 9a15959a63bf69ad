import { useEffect, useRef } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { useBlocker } from 'react-router-dom';
import * as it from '../../../i18n/it';

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
    <ConfirmDialog
      show={blocker.state === 'blocked'}
      titleId="unsaved-title"
      title={t.leaveTitle}
      backLabel={t.leaveStay}
      backVariant="primary"
      confirmLabel={t.leaveDiscard}
      confirmVariant="outline-danger"
      onBack={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    >
      {t.leaveText}
    </ConfirmDialog>
  );
  return { dialog, allowNext: () => (allowed.current = true) };
}
