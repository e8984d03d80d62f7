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

  it('runs both click handlers, the child first, and skips the slot when the child prevents the default', () => {
    const calls: string[] = [];
    const element = slotted(
      { onClick: () => calls.push('slot') },
      createElement('button', { onClick: () => calls.push('child') }),
    );
    const onClick = element.props.onClick as (event: unknown) => void;
    onClick({ defaultPrevented: false });
    expect(calls).toEqual(['child', 'slot']);
    calls.length = 0;
    onClick({ defaultPrevented: true });
    expect(calls).toEqual(['child']);
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
