import { createElement, createRef, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Slot } from './slot';

/** The element Slot renders, to read the merged props. */
function slotted(slotProps: Record<string, unknown>, child: ReactElement) {
  return Slot({ ...slotProps, children: child }) as ReactElement<Record<string, unknown>>;
}

describe('Slot', () => {
  it('renders the child element with the slot props, classes joined', () => {
    const html = renderToStaticMarkup(
      createElement(
        Slot,
        { className: 'btn', 'aria-label': 'Home', title: 'slot' } as never,
        createElement('a', { href: '/', className: 'wide', title: 'child' }, 'Go'),
      ),
    );
    expect(html).toBe('<a href="/" class="btn wide" title="child" aria-label="Home">Go</a>');
  });

  it('runs both click handlers, the child first', () => {
    const calls: string[] = [];
    const element = slotted(
      { onClick: () => calls.push('slot') },
      createElement('button', { onClick: () => calls.push('child') }),
    );
    (element.props.onClick as (event: unknown) => void)({});
    expect(calls).toEqual(['child', 'slot']);
  });

  it('keeps the slot classes, handlers and refs when the child has them undefined', () => {
    const onClick = vi.fn();
    const ref = createRef<HTMLElement>();
    const element = slotted(
      { className: 'btn', onClick, ref, title: 'slot' },
      createElement('label', { className: undefined, onClick: undefined, ref: undefined, title: undefined }),
    );
    expect(element.props.className).toBe('btn');
    expect(element.props.onClick).toBe(onClick);
    expect(element.props.ref).toBe(ref);
    // Any other prop the child sets, even to undefined, is the child's.
    expect(element.props.title).toBeUndefined();
  });

  it('merges styles and gives the node to both refs', () => {
    const slotRef = createRef<HTMLElement>();
    const childRef = vi.fn();
    const element = slotted(
      { style: { color: 'red', margin: 1 }, ref: slotRef },
      createElement('div', { style: { color: 'blue' }, ref: childRef }),
    );
    expect(element.props.style).toEqual({ color: 'blue', margin: 1 });
    const node = {} as HTMLElement;
    (element.props.ref as (node: HTMLElement) => void)(node);
    expect(slotRef.current).toBe(node);
    expect(childRef).toHaveBeenCalledWith(node);
  });

  it('keeps a handler or ref that only one side has', () => {
    const onFocus = vi.fn();
    const element = slotted({ onFocus }, createElement('input', {}));
    expect(element.props.onFocus).toBe(onFocus);
  });

  it('renders nothing for text', () => {
    expect(Slot({ children: 'text' })).toBeNull();
  });
});
