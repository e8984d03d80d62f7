import { useCallback, useLayoutEffect, useRef, type Ref, type RefCallback } from 'react';

type FormControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Keeps what was typed into a server-rendered form before React hydrated it (decision 043).
 *
 * The page is on screen, and can be typed into or autofilled by a password manager, before its
 * JavaScript runs. Hydrating a controlled control, React leaves the browser's value in place but
 * its state still holds the value the server rendered ('' for an empty form): a submit sends that
 * state, and the next render writes it back over what was typed. So when the control first
 * appears, a value in the browser that differs from the one rendered is handed to
 * `onValueChange`, and the state takes it. After that, typing arrives as change events as usual.
 * On a page rendered in the browser the two are the same and nothing happens.
 *
 * Returns the ref to put on the control (it also fills `ref`, when the caller passes one).
 */
export function useKeepTypedValue<E extends FormControl>(
  value: unknown,
  onValueChange: ((value: string) => void) | undefined,
  ref?: Ref<E>,
): RefCallback<E> {
  const node = useRef<E | null>(null);
  useLayoutEffect(() => {
    const control = node.current;
    if (!control || !onValueChange || value === undefined || value === null) return;
    const rendered = String(value);
    if (control.value === rendered) return;
    // A select shows its first option when none has the rendered value: nothing was chosen there.
    if (control instanceof HTMLSelectElement && ![...control.options].some((o) => o.value === rendered)) return;
    onValueChange(control.value);
    // Once, when the control first appears: only then can the browser hold a value React never saw.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return useCallback(
    (element: E | null) => {
      node.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );
}
