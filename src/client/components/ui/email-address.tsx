import { clsx } from 'clsx';
import { Fragment } from 'react';

/**
 * An e-mail address that, when it has to wrap (a 360 px phone), wraps before the '@' or a dot, never in the middle of
 * a word: a <wbr> before each of them, and `break-words` breaks a part inside only when it is wider than the line by
 * itself (decision 038).
 */
export function EmailAddress({ address, className }: { address: string; className?: string }) {
  const parts = address.split(/(?=[@.])/);
  return (
    <span className={clsx('break-words', className)}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
