import { useEffect, useRef } from 'react';

/**
 * A ref whose element takes focus when it appears: a step that replaces the one before (its button gone) gives keyboard
 * and screen reader users the new step's heading instead of leaving focus on the page's body.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}
