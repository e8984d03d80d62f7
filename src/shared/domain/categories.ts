/**
 * The nine service categories of the marketplace, in the order they are shown. The seed inserts
 * them, the demo artwork draws one illustration set per slug, and the client uses the slugs for
 * its fallback pictures.
 */
export const CATEGORIES = [
  { name: 'Massage', slug: 'massage', icon: '💆' },
  { name: 'Tours', slug: 'tours', icon: '🗺️' },
  { name: 'Private Chef', slug: 'private-chef', icon: '👨‍🍳' },
  { name: 'Doctor', slug: 'doctor', icon: '🩺' },
  { name: 'Yoga', slug: 'yoga', icon: '🧘' },
  { name: 'Babysitting', slug: 'babysitting', icon: '🧸' },
  { name: 'Driver', slug: 'driver', icon: '🚗' },
  { name: 'Beauty', slug: 'beauty', icon: '💄' },
  { name: 'Fitness', slug: 'fitness', icon: '🏋️' },
] as const;

export type Category = (typeof CATEGORIES)[number];
export type CategorySlug = Category['slug'];

export const CATEGORY_SLUGS: readonly CategorySlug[] = CATEGORIES.map((c) => c.slug);

export function isCategorySlug(value: string): value is CategorySlug {
  return (CATEGORY_SLUGS as readonly string[]).includes(value);
}
