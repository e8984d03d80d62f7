import fs from 'node:fs';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { candidates, generate, OUTPUT } from '../../../scripts/tw-merge-config.mjs';
import { cn } from './utils';

describe('cn', () => {
  it('uses the class groups the sources need (run node scripts/tw-merge-config.mjs if not)', async () => {
    expect(fs.readFileSync(OUTPUT as string, 'utf8')).toBe(await (generate as () => Promise<string>)());
  });

  it('merges every pair of classes in the sources as the default tailwind-merge does', () => {
    // The candidates tailwind-merge knows (an unknown one is kept twice).
    const classes = (candidates as () => string[])().filter((c) => twMerge(`${c} ${c}`) === c);
    const differences: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        const input = `${a} ${b}`;
        if (cn(input) !== twMerge(input)) differences.push(`${input}: ${cn(input)} vs ${twMerge(input)}`);
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
    expect(classes.length).toBeGreaterThan(300);
  });

  it('lets a later utility override an earlier one', () => {
    expect(cn('rounded-md px-4 size-8', 'rounded-full size-10')).toBe('px-4 rounded-full size-10');
    expect(cn('bg-primary hover:bg-primary/90', 'bg-destructive')).toBe('hover:bg-primary/90 bg-destructive');
  });
});
