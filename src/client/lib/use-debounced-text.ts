import { useEffect, useEffectEvent, useState } from 'react';

/**
 * A text box whose value lives somewhere else (e.g. the address): typing updates the box at once
 * and calls `commit` with the trimmed text once typing pauses for `delayMs`; `flush` commits now
 * (Enter). When the outside value changes by other means (back/forward, a reset), the box follows.
 */
export function useDebouncedText(outsideValue: string, commit: (value: string) => void, delayMs = 300) {
  const [text, setText] = useState(outsideValue);
  // What the outside value should become after our own commits; anything else came from outside.
  const [expected, setExpected] = useState(outsideValue);
  const [seen, setSeen] = useState(outsideValue);

  if (outsideValue !== seen) {
    setSeen(outsideValue);
    if (outsideValue !== expected) {
      setExpected(outsideValue);
      setText(outsideValue);
    }
  }

  const onCommit = useEffectEvent((value: string) => {
    setExpected(value);
    commit(value);
  });

  const pending = text.trim() !== expected;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => onCommit(text.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [text, pending, delayMs]);

  function flush() {
    if (!pending) return;
    setExpected(text.trim());
    commit(text.trim());
  }

  /** Puts `value` in the box and commits it now (a suggestion chosen from a list). */
  function commitNow(value: string) {
    setText(value);
    setExpected(value.trim());
    commit(value.trim());
  }

  return { text, setText, flush, commitNow, isPending: pending };
}
