import type { RefCallback } from 'react';

type FormControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Keeps what was typed into a server-rendered form before React hydrated it (decision 043).
 *
 * The page is on screen, and can be typed into or autofilled by a password manager, before its
 * JavaScript runs. Hydrating a controlled control, React leaves the browser's value in place but
 * its state still holds the value the server rendered ('' for an empty form): a submit sends that
 * state, and the next render writes it back over what was typed. So in the commit that hydrates
 * the control, before anything can render again, a value in the browser that differs from `value`,
 * the one rendered, is handed to `adopt`, and the state takes it. The ref runs at every commit,
 * but React has by then written `value` into every control it did not hydrate, so the two differ
 * only after hydration. After that, typing arrives as change events as usual.
 *
 * Returns the ref to put on the control. The primitives that use it (Input, Textarea,
 * NativeSelect) take no `ref` of their own: none of their callers needs one.
 */
export function useKeepTypedValue<E extends FormControl>(
  value: unknown,
  adopt: ((value: string, control: E) => void) | undefined,
): RefCallback<E> {
  return (control) => {
    if (control && control.value !== `${value}`) adopt?.(control.value, control);
  };
}
