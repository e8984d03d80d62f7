import { cva as libraryCva } from 'class-variance-authority';
import { describe, expect, it } from 'vitest';
import { cva } from './variants';

const config = {
  variants: {
    variant: { default: 'bg-primary text-white', ghost: 'hover:bg-accent', link: ['underline', { italic: true }] },
    size: { default: 'h-10 px-4', sm: 'h-8 px-3', icon: 'size-10' },
    active: { true: 'ring-2', false: 'ring-0' },
    level: { 0: 'z-0', 1: 'z-10' },
  },
  defaultVariants: { variant: 'default', size: 'default', active: false, level: 1 },
} as const;

describe('cva', () => {
  it('gives the classes class-variance-authority gives, for every combination', () => {
    const ours = cva('inline-flex items-center', config);
    const theirs = libraryCva('inline-flex items-center', config);
    const values = {
      variant: [undefined, null, 'default', 'ghost', 'link'],
      size: [undefined, null, 'default', 'sm', 'icon'],
      active: [undefined, null, true, false],
      level: [undefined, null, 0, 1],
    } as const;
    let checked = 0;
    for (const variant of values.variant)
      for (const size of values.size)
        for (const active of values.active)
          for (const level of values.level)
            for (const className of [undefined, 'mt-2', ['px-2', { hidden: false }]]) {
              const props = { variant, size, active, level, className };
              expect(ours(props as never), JSON.stringify(props)).toBe(theirs(props as never));
              expect(ours({ ...props, class: 'w-full' } as never)).toBe(theirs({ ...props, class: 'w-full' } as never));
              checked++;
            }
    expect(ours()).toBe(theirs());
    expect(ours()).toBe('inline-flex items-center bg-primary text-white h-10 px-4 ring-0 z-10');
    expect(checked).toBe(5 * 5 * 4 * 4 * 3);
  });
});
