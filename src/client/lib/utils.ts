import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { twMergeConfig } from './tw-merge-config';

/**
 * tailwind-merge over the classes the app uses only (scripts/tw-merge-config.mjs writes them from
 * the sources; utils.test.ts checks the file is current and merges as the default config does):
 * the default config of every Tailwind utility is 7 kB gzip of the first load
 * (docs/decisions/026-declarative-router-and-lean-class-merge.md).
 */
const twMerge = createTailwindMerge(() => ({ cacheSize: 500, theme: {}, ...twMergeConfig }));

/** Joins class names and lets later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
