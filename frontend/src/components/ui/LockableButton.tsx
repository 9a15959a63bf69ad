import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Button, type ButtonProps } from 'react-bootstrap';

export type LockableButtonProps = ButtonProps & {
  /**
   * the lock is released when this value changes (e.g. a counter bumped when the request the
   * click started failed, or when the form refused to submit); without it the button stays locked
   */
  lockKey?: unknown;
};

/**
 * "Buttons with class lockable are disabled after a click" (no double submissions).
 * A second click is refused at once; the button turns disabled right after the click, so that a
 * submit button still submits its form (a button disabled during its own click would not).
 */
export function LockableButton({ lockKey, className, disabled, onClick, ...props }: LockableButtonProps) {
  const [locked, setLocked] = useState(false);
  const lockedRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    lockedRef.current = false;
    setLocked(false);
  }, [lockKey]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (lockedRef.current) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
    if (event.defaultPrevented && props.type === 'submit') return; // nothing was submitted
    lockedRef.current = true;
    timer.current = setTimeout(() => {
      if (lockedRef.current) setLocked(true);
    }, 0);
  };

  return <Button {...props} className={['lockable', className].filter(Boolean).join(' ')} disabled={disabled || locked} onClick={click} />;
}
