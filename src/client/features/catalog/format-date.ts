import { format } from 'date-fns';

/**
 * SPEC.md's date format, 'MMM d, yyyy'. Apart from format.ts so the cards on the first screen do
 * not pull date-fns into the entry chunk.
 */
export function formatDate(iso: string | Date): string {
  return format(typeof iso === 'string' ? new Date(iso) : iso, 'MMM d, yyyy');
}
