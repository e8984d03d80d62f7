import { cn } from '@/lib/utils';

function Pin({ x, y, className, dotClassName }: { x: number; y: number; className: string; dotClassName: string }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <ellipse cx="0" cy="2" rx="9" ry="3" className="fill-foreground/10" />
      <path
        d="M0-40c-11 0-20 8.6-20 19.5C-20-6-2 8.5-1.2 9.2a1.9 1.9 0 0 0 2.4 0C2 8.5 20-6 20-20.5 20-31.4 11-40 0-40Z"
        className={className}
      />
      <circle cx="0" cy="-21" r="7" className={dotClassName} />
    </g>
  );
}

/** A decorative city map with a route between pins (no data; hidden from assistive technology). */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 480 420" aria-hidden="true" focusable="false" className={cn('h-auto w-full', className)}>
      <defs>
        <clipPath id="hero-map-clip">
          <rect x="10" y="10" width="460" height="400" rx="28" />
        </clipPath>
        <pattern id="hero-map-grid" width="40" height="40" patternUnits="userSpaceOnUse">
          <path d="M40 0H0V40" fill="none" className="stroke-foreground/5" strokeWidth="1" />
        </pattern>
      </defs>
      <rect x="10" y="10" width="460" height="400" rx="28" className="fill-card stroke-border" strokeWidth="1.5" />
      <g clipPath="url(#hero-map-clip)">
        <rect x="10" y="10" width="460" height="400" fill="url(#hero-map-grid)" />
        {/* park and water */}
        <path d="M300 40c60-8 120 10 150 50s10 90-40 100-110-20-130-60 0-84 20-90Z" className="fill-primary/10" />
        <path d="M-10 300c60-30 110-10 160 10s110 40 170 10 110-50 180-30v140H-10Z" className="fill-primary/15" />
        <path
          d="M-10 312c60-30 110-10 160 10s110 40 170 10 110-50 180-30"
          fill="none"
          className="stroke-primary/30"
          strokeWidth="2"
        />
        {/* streets */}
        <g className="stroke-foreground/10" strokeWidth="10" strokeLinecap="round" fill="none">
          <path d="M40 120h400" />
          <path d="M120 20v260" />
          <path d="M30 230c100-10 200-40 300-20s100 10 140 0" />
          <path d="M330 20c-20 80-10 160 30 260" />
        </g>
        {/* blocks */}
        <g className="fill-muted-foreground/10">
          <rect x="140" y="140" width="60" height="50" rx="8" />
          <rect x="215" y="140" width="50" height="50" rx="8" />
          <rect x="40" y="140" width="60" height="60" rx="8" />
          <rect x="140" y="40" width="90" height="60" rx="8" />
          <rect x="245" y="40" width="60" height="60" rx="8" />
          <rect x="370" y="210" width="70" height="50" rx="8" />
        </g>
        {/* route */}
        <path
          d="M92 262C120 200 160 200 200 214s90 10 112-36 40-80 70-92"
          fill="none"
          className="stroke-primary"
          strokeWidth="4"
          strokeLinecap="round"
          strokeDasharray="2 12"
        />
      </g>
      <Pin x={92} y={270} className="fill-primary" dotClassName="fill-primary-foreground" />
      <Pin x={312} y={186} className="fill-warm" dotClassName="fill-warm-foreground" />
      <Pin x={384} y={92} className="fill-primary" dotClassName="fill-primary-foreground" />
      <circle cx="200" cy="214" r="7" className="fill-card stroke-primary" strokeWidth="3" />
    </svg>
  );
}
