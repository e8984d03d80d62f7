const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a uuid in its canonical text form (what every id of ours is). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
