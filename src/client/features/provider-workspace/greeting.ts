/**
 * 'Welcome back' only to a provider who has been here before: one who has created a service (even
 * one since deleted) or received a booking (the stats' isNew is false). A brand-new provider, and
 * anyone while the numbers are not known yet, reads 'Welcome', which is never wrong.
 */
export function providerGreeting(isNew: boolean | undefined): string {
  return isNew === false ? 'Welcome back' : 'Welcome';
}
