import { clsx, type ClassValue } from 'clsx';

/*
 * class-variance-authority's `cva` for what our components ask of it (variants with defaults, no
 * compound variants): the same classes in the same order (variants.test.ts compares the two on
 * every variant of our buttons, badges, alerts and toasts). The library's runtime cost 0.13 kB gzip
 * of the first load (docs/decisions/055-languages.md, addendum on the first load).
 */
type Variants = Record<string, Record<string, ClassValue>>;
type VariantKey<T> = T extends 'true' | 'false' ? boolean : T;

export type VariantProps<F> = F extends (props?: infer P) => string
  ? Omit<NonNullable<P>, 'class' | 'className'>
  : never;

/** cva's reading of a variant value: booleans as 'true'/'false', 0 as '0'. */
const key = (value: unknown) => (typeof value === 'boolean' ? `${value}` : value === 0 ? '0' : value);

export function cva<V extends Variants>(
  base: ClassValue,
  config: { variants: V; defaultVariants?: { [K in keyof V]?: VariantKey<keyof V[K]> } },
) {
  return (
    props?: { [K in keyof V]?: VariantKey<keyof V[K]> | null } & { class?: ClassValue; className?: ClassValue },
  ): string => {
    const { variants, defaultVariants } = config;
    const chosen = Object.keys(variants).map((variant) => {
      const value: unknown = props?.[variant];
      if (value === null) return null;
      const name = (key(value) || key(defaultVariants?.[variant])) as string;
      return variants[variant]![name];
    });
    return clsx(base, chosen, props?.class, props?.className);
  };
}
