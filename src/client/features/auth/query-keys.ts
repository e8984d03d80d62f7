/**
 * The account queries' keys, apart from the calls (account-api.ts pulls in the response schemas)
 * so the route table can name them without adding those to the first load.
 */
export const sessionsQueryKey = ['/api/account/sessions'] as const;

/** The account's email address and whether it is verified (settings; decision 022). */
export const emailStatusQueryKey = ['/api/account/email'] as const;
