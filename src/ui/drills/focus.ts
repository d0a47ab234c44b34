/** Focus that follows the learner's action when the control they used goes away. */
import { useEffect, useRef, type RefObject } from 'react';

/**
 * Focuses the element when `when` turns true after the first render: revealing, judging and
 * grading replace the button pressed, and focus must not fall back to the page.
 */
export function useFocusWhen<T extends HTMLElement>(when: boolean): RefObject<T | null> {
  const ref = useRef<T>(null);
  const was = useRef(when);
  useEffect(() => {
    if (when && !was.current) ref.current?.focus();
    was.current = when;
  }, [when]);
  return ref;
}
