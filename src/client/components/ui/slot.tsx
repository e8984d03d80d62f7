import { cloneElement, isValidElement, type HTMLAttributes, type ReactNode, type Ref, type RefCallback } from 'react';

/*
 * `asChild` for Button, Badge and Card: the component's props go onto its one child element
 * instead of a wrapper (a Button that is a <Link>). It merges props as Radix's Slot does: the
 * child's props win, except that event handlers both run (the child's first), classes join,
 * styles merge and refs both receive the node. Radix's Slot pulls in two more packages, 1.4 kB
 * gzip of every visitor's first load (docs/decisions/027-first-load-budget.md); Radix's own
 * components keep it.
 */

type SlotProps = HTMLAttributes<HTMLElement> & { children?: ReactNode; ref?: Ref<HTMLElement> };
type Props = Record<string, unknown>;
type Handler = (event: unknown) => void;

function setRef<T>(ref: Ref<T> | undefined, node: T | null) {
  if (typeof ref === 'function') ref(node);
  else if (ref) ref.current = node;
}

function mergeProps(slot: Props, child: Props): Props {
  const merged: Props = { ...slot, ...child };
  for (const key of Object.keys(slot)) {
    const slotValue = slot[key];
    const childValue = child[key];
    // A prop the child leaves undefined keeps the slot's (Radix's rule for these four).
    if (slotValue === undefined || childValue === undefined) {
      if (/^on[A-Z]|^(className|style|ref)$/.test(key)) merged[key] = slotValue ?? childValue;
      continue;
    }
    if (/^on[A-Z]/.test(key) && typeof slotValue === 'function' && typeof childValue === 'function') {
      merged[key] = (event: unknown) => {
        (childValue as Handler)(event);
        (slotValue as Handler)(event);
      };
    } else if (key === 'className') {
      merged[key] = `${String(slotValue)} ${String(childValue)}`;
    } else if (key === 'style') {
      merged[key] = { ...(slotValue as object), ...(childValue as object) };
    } else if (key === 'ref') {
      const both: RefCallback<unknown> = (node) => {
        setRef(slotValue as Ref<unknown>, node);
        setRef(childValue as Ref<unknown>, node);
      };
      merged[key] = both;
    }
  }
  return merged;
}

/** Renders its only child element with the slot's props merged in; nothing when the child is not an element. */
export function Slot({ children, ...props }: SlotProps) {
  if (!isValidElement<Props>(children)) return null;
  return cloneElement(children, mergeProps(props, children.props));
}
