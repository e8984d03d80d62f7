import { createElement, type ReactElement, type SVGProps } from 'react';

/** An icon's shapes, as lucide-react draws them: [tag, attributes] (scripts/icons.mjs). */
export type IconShapes = [string, Record<string, string>][];
export type IconProps = SVGProps<SVGSVGElement> & { size?: number | string };
export type LucideIcon = (props: IconProps) => ReactElement;

/** Named by a label, a role or a title (else hidden from assistive technology, as Lucide does). */
function named(props: Record<string, unknown>): boolean {
  return Object.keys(props).some(
    (key) => (key.startsWith('aria-') || key === 'role' || key === 'title') && props[key] != null,
  );
}

/**
 * A Lucide icon with Lucide's own attributes (24 px, a 2 px round stroke in the text's colour),
 * without lucide-react's runtime (scripts/icons.mjs says why; icon.test.tsx compares the markup).
 */
export function icon(shapes: IconShapes): LucideIcon {
  return function Icon({ size = 24, strokeWidth = 2, children, ...props }: IconProps) {
    return createElement(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        width: size,
        height: size,
        viewBox: '0 0 24 24',
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        ...(children || named(props) ? {} : { 'aria-hidden': 'true' }),
        ...props,
      },
      ...shapes.map(([tag, attributes]) => createElement(tag, attributes)),
      children,
    );
  };
}
