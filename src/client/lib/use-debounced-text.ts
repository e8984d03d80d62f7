import { useEffect, useEffectEvent, useState } from 'react';

/**
 * A text box whose value lives somewhere else (e.g. the address): typing updates the box at once
 * and calls `commit` with the trimmed text once typing pauses for `delayMs` (`how` is 'pause'); `flush`
 * (Enter) and `commitNow` (a suggestion chosen) commit at once (`how` is 'now'). When the outside
 * value changes by other means (back/forward, a reset), the box follows.
 */
export function useDebouncedText(
  outsideValue: string,
  commit: (value: string, how: 'pause' | 'now') => void,
  delayMs = 300,
) {
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
    commit(value, 'pause');
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
    commit(text.trim(), 'now');
  }

  /** Puts `value` in the box and commits it now (a suggestion chosen from a list). */
  function commitNow(value: string) {
    setText(value);
    setExpected(value.trim());
    commit(value.trim(), 'now');
  }

  return { text, setText, flush, commitNow, isPending: pending };
}
