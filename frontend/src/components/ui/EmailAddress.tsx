import { Fragment } from 'react';

/**
 * An email address that may wrap on a phone only where a reader expects it: after the "@" and before each dot
 * (a <wbr> there), never in the middle of a name as word-break would.
 */
export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?=[.@])|(?<=@)/);
  return (
    <span className="app-email-address">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
