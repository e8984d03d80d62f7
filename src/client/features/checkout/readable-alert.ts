/** A destructive alert whose explanation reads in the body colour (enough contrast in both themes). */
export const READABLE_ALERT = '*:data-[slot=alert-description]:text-foreground';
