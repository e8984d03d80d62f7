import { hash, verify } from '@node-rs/argon2';

// OWASP-recommended argon2id parameters (19 MiB, 2 iterations, 1 lane).
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

let dummyHash: Promise<string> | undefined;

/** How many passwords this process has checked; tests use it to prove limits hold in parallel. */
export const passwordChecks = { count: 0 };

/** Verifies; with no stored hash it still spends the same time, so timing reveals nothing. */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  passwordChecks.count += 1;
  if (!storedHash) {
    dummyHash ??= hash('locora-timing-equaliser', options);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
