/**
 * Demo artwork: deterministic SVG illustrations for the demo services' photos and the demo
 * people's avatars. Demo content, so it lives with the seed; the app serves it (artwork-routes.ts)
 * so the demo works offline under a strict CSP. Pure functions: the same input always renders the
 * same bytes, so the responses can be cached and tested.
 */
import { CATEGORY_SLUGS, isCategorySlug, type CategorySlug } from '../../../../shared/domain/categories.ts';
import { initialsOf } from '../../../../shared/domain/initials.ts';
import { hashString, Rng } from '../../../../shared/prng.ts';

/** One illustration set per category of the marketplace. */
export const ILLUSTRATION_CATEGORIES = CATEGORY_SLUGS;
export type IllustrationCategory = CategorySlug;

/** Variants the seed uses per category (any positive integer renders; these are the designed ones). */
export const ILLUSTRATION_VARIANTS = 24;
export const MAX_VARIANT = 999;

export const ILLUSTRATION_WIDTH = 800;
export const ILLUSTRATION_HEIGHT = 600;

export function isIllustrationCategory(value: string): value is IllustrationCategory {
  return isCategorySlug(value);
}

export function servicePhotoPath(category: IllustrationCategory, n: number): string {
  return `/media/services/${category}/${n}.svg`;
}

export function avatarPath(seed: string, initials?: string): string {
  return `/media/avatars/${encodeURIComponent(seed)}.svg${initials ? `?i=${encodeURIComponent(initials)}` : ''}`;
}

/** Escapes text for use in SVG/XML text content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );
}

// ------------------------------------------------------------------------------------ helpers

/** Rounds for compact output. */
const f = (n: number) => (Math.round(n * 10) / 10).toString();

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

function mix(a: string, b: string, t: number): string {
  const ca = parseHex(a);
  const cb = parseHex(b);
  return `#${ca
    .map((v, i) =>
      Math.round(v + ((cb[i] as number) - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
const darken = (c: string, t: number) => mix(c, '#1a1020', t);

type Stop = [offset: number, color: string, opacity?: number];

/** Collects gradient definitions and body elements of one document. */
class Canvas {
  private readonly defs: string[] = [];
  private readonly parts: string[] = [];

  linear(id: string, stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1) {
    this.defs.push(
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsXml(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(id: string, stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5) {
    this.defs.push(`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopsXml(stops)}</radialGradient>`);
    return `url(#${id})`;
  }

  def(xml: string) {
    this.defs.push(xml);
  }

  add(...xml: string[]) {
    this.parts.push(...xml);
  }

  /** Draws `draw` inside a group scaled by `scale` around (cx, cy). */
  scaled(cx: number, cy: number, scale: number, draw: () => void) {
    this.parts.push(`<g transform="translate(${f(cx)} ${f(cy)}) scale(${scale}) translate(${f(-cx)} ${f(-cy)})">`);
    draw();
    this.parts.push('</g>');
  }

  render(width: number, height: number, title: string, mirror = false) {
    const body = this.parts.join('');
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">` +
      `<title>${escapeXml(title)}</title><defs>${this.defs.join('')}</defs>` +
      (mirror ? `<g transform="translate(${width} 0) scale(-1 1)">${body}</g>` : body) +
      `</svg>`
    );
  }
}

function stopsXml(stops: Stop[]) {
  return stops
    .map(
      ([o, c, op]) =>
        `<stop offset="${o}" stop-color="${c}"${op !== undefined && op !== 1 ? ` stop-opacity="${op}"` : ''}/>`,
    )
    .join('');
}

/** A smooth closed blob around (cx, cy) through `points` jittered radii (Catmull-Rom to Bézier). */
function blob(r: Rng, cx: number, cy: number, radius: number, irregularity = 0.22, points = 7): string {
  const pts: [number, number][] = [];
  for (let i = 0; i < points; i++) {
    const a = (i / points) * Math.PI * 2;
    const rr = radius * (1 - irregularity + r.float() * irregularity * 2);
    pts.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr]);
  }
  let d = `M${f(pts[0]![0])} ${f(pts[0]![1])}`;
  for (let i = 0; i < points; i++) {
    const p0 = pts[(i - 1 + points) % points]!;
    const p1 = pts[i]!;
    const p2 = pts[(i + 1) % points]!;
    const p3 = pts[(i + 2) % points]!;
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${f(c1[0]!)} ${f(c1[1]!)} ${f(c2[0]!)} ${f(c2[1]!)} ${f(p2[0])} ${f(p2[1])}`;
  }
  return `${d}Z`;
}

/** A leaf pointing along +x from the origin, `len` long. */
function leafPath(len: number, width: number) {
  const w = width / 2;
  return `M0 0C${f(len * 0.25)} ${f(-w * 1.4)} ${f(len * 0.75)} ${f(-w * 1.2)} ${len} 0C${f(len * 0.75)} ${f(w * 1.2)} ${f(len * 0.25)} ${f(w * 1.4)} 0 0Z`;
}

function leaf(x: number, y: number, angle: number, len: number, width: number, fill: string, vein: string) {
  return (
    `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})">` +
    `<path d="${leafPath(len, width)}" fill="${fill}"/>` +
    `<path d="M${f(len * 0.08)} 0Q${f(len * 0.5)} ${f(-width * 0.05)} ${f(len * 0.92)} 0" stroke="${vein}" stroke-width="2" fill="none" stroke-linecap="round" opacity="0.6"/></g>`
  );
}

/** A sprig: a curved stem with leaves along it. */
function sprig(r: Rng, x: number, y: number, angle: number, len: number, fill: string, dark: string) {
  const leaves: string[] = [];
  const n = 5;
  for (let i = 1; i <= n; i++) {
    const t = i / (n + 0.4);
    const lx = t * len;
    const side = i % 2 === 0 ? 1 : -1;
    leaves.push(
      leaf(
        lx,
        0,
        side * r.range(38, 58) - 8,
        len * 0.32 * (1 - t * 0.35),
        len * 0.16,
        i % 2 ? fill : mix(fill, dark, 0.25),
        dark,
      ),
    );
  }
  leaves.push(leaf(len, 0, -6, len * 0.26, len * 0.13, fill, dark));
  return (
    `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})">` +
    `<path d="M0 0Q${f(len * 0.5)} ${f(-len * 0.06)} ${f(len)} 0" stroke="${dark}" stroke-width="4" fill="none" stroke-linecap="round"/>` +
    `${leaves.join('')}</g>`
  );
}

function sparkle(x: number, y: number, s: number, fill: string, opacity = 1) {
  return `<path d="M${f(x)} ${f(y - s)}Q${f(x + s * 0.15)} ${f(y - s * 0.15)} ${f(x + s)} ${f(y)}Q${f(x + s * 0.15)} ${f(y + s * 0.15)} ${f(x)} ${f(y + s)}Q${f(x - s * 0.15)} ${f(y + s * 0.15)} ${f(x - s)} ${f(y)}Q${f(x - s * 0.15)} ${f(y - s * 0.15)} ${f(x)} ${f(y - s)}Z" fill="${fill}" opacity="${opacity}"/>`;
}

function star(cx: number, cy: number, outer: number, fill: string, rotation = 0) {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const rad = i % 2 === 0 ? outer : outer * 0.46;
    const a = (Math.PI / 5) * i - Math.PI / 2 + (rotation * Math.PI) / 180;
    pts.push(`${f(cx + Math.cos(a) * rad)},${f(cy + Math.sin(a) * rad)}`);
  }
  return `<polygon points="${pts.join(' ')}" fill="${fill}" stroke="${fill}" stroke-width="3" stroke-linejoin="round"/>`;
}

function cloud(x: number, y: number, s: number, fill: string, opacity: number) {
  return (
    `<g opacity="${opacity}" fill="${fill}">` +
    `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(60 * s)}" ry="${f(20 * s)}"/>` +
    `<circle cx="${f(x - 22 * s)}" cy="${f(y - 12 * s)}" r="${f(24 * s)}"/>` +
    `<circle cx="${f(x + 14 * s)}" cy="${f(y - 20 * s)}" r="${f(30 * s)}"/></g>`
  );
}

function shadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.18) {
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="#1a1020" opacity="${opacity}"/>`;
}

type Palette = {
  /** Which backdrop scene (BACKDROPS) is drawn behind the subject; 0 when not given. */
  scene?: number;
  /** Background gradient, top to bottom. */
  bg: [string, string];
  glow: string;
  a: string;
  b: string;
  c: string;
  ink: string;
  light: string;
};

/** How many backdrop scenes there are (decision 016: illustrations vary within a category). */
export const BACKDROP_SCENES = 5;

/**
 * The backdrop behind a category's subject: p.scene picks one of BACKDROP_SCENES settings (soft
 * blobs, hills at sunset, a sea horizon, a patterned wall with a framed picture, dusk with
 * stars), so two services of one category rarely look alike.
 */
function backdrop(cv: Canvas, r: Rng, p: Palette) {
  const scene = (p.scene ?? 0) % BACKDROP_SCENES;
  if (scene === 0) {
    blobBackdrop(cv, r, p);
    return;
  }
  const sky = cv.linear('bg', [
    [0, scene === 4 ? darken(p.b, 0.55) : lighten(p.bg[0], 0.2)],
    [1, scene === 4 ? mix(p.glow, p.bg[1], 0.4) : p.bg[1]],
  ]);
  cv.add(`<rect width="800" height="600" fill="${sky}"/>`);
  if (scene === 1) {
    // Hills at sunset.
    const sunX = r.range(140, 660);
    cv.add(
      `<circle cx="${f(sunX)}" cy="${f(r.range(150, 220))}" r="${f(r.range(70, 100))}" fill="${lighten(p.glow, 0.2)}" opacity="0.9"/>`,
      `<path d="M0 ${f(r.range(300, 340))}Q${f(r.range(150, 300))} ${f(r.range(220, 260))} 420 ${f(r.range(290, 320))}T800 ${f(r.range(260, 300))}V600H0Z" fill="${lighten(p.a, 0.45)}" opacity="0.75"/>`,
      `<path d="M0 ${f(r.range(360, 390))}Q${f(r.range(400, 560))} ${f(r.range(300, 340))} 800 ${f(r.range(350, 380))}V600H0Z" fill="${lighten(p.a, 0.2)}" opacity="0.7"/>`,
      cloud(r.range(120, 300), r.range(80, 130), r.range(0.7, 1), '#ffffff', 0.6),
    );
  } else if (scene === 2) {
    // A sea horizon with a few waves and a sail.
    const horizon = r.range(250, 300);
    cv.add(
      `<rect x="0" y="${f(horizon)}" width="800" height="${f(600 - horizon)}" fill="${lighten(p.b, 0.35)}" opacity="0.8"/>`,
      `<circle cx="${f(r.range(100, 300))}" cy="${f(horizon - 60)}" r="${f(r.range(40, 60))}" fill="${lighten(p.glow, 0.3)}"/>`,
      `<rect x="0" y="${f(horizon)}" width="800" height="${f(600 - horizon)}" fill="${lighten(p.b, 0.2)}" opacity="0.55"/>`,
    );
    for (let i = 0; i < 5; i++) {
      const y = horizon + 20 + i * 22;
      const x = r.range(40, 700);
      cv.add(
        `<path d="M${f(x)} ${f(y)}q15 -8 30 0t30 0" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.55"/>`,
      );
    }
    const sx = r.range(480, 700);
    cv.add(
      `<path d="M${f(sx)} ${f(horizon - 6)}l22 -52v52Z" fill="#ffffff" opacity="0.85"/><path d="M${f(sx - 6)} ${f(horizon - 4)}h36l-6 8h-24Z" fill="${p.ink}" opacity="0.6"/>`,
      cloud(r.range(450, 700), r.range(70, 120), r.range(0.6, 0.9), '#ffffff', 0.65),
    );
  } else if (scene === 3) {
    // A patterned wall with a framed picture.
    const stripe = lighten(p.b, 0.5);
    const width = r.int(36, 60);
    for (let x = 0; x < 800; x += width * 2) {
      cv.add(`<rect x="${x}" y="0" width="${width}" height="600" fill="${stripe}" opacity="0.35"/>`);
    }
    const fx = r.range(80, 560);
    const fy = r.range(60, 110);
    cv.add(
      `<rect x="${f(fx)}" y="${f(fy)}" width="150" height="110" rx="4" fill="${lighten(p.light, 0.3)}" stroke="${darken(p.c, 0.2)}" stroke-width="8"/>`,
      `<path d="M${f(fx + 12)} ${f(fy + 98)}l40 -46l28 30l22 -20l36 36Z" fill="${lighten(p.a, 0.2)}"/>`,
      `<circle cx="${f(fx + 112)}" cy="${f(fy + 30)}" r="12" fill="${p.glow}"/>`,
    );
  } else {
    // Dusk: a moon and stars.
    cv.add(
      `<circle cx="${f(r.range(560, 720))}" cy="${f(r.range(80, 140))}" r="46" fill="#fff6da" opacity="0.95"/>`,
      `<circle cx="${f(r.range(80, 300))}" cy="${f(r.range(320, 420))}" r="${f(r.range(160, 220))}" fill="${lighten(p.glow, 0.3)}" opacity="0.18"/>`,
    );
    for (let i = 0; i < 14; i++) cv.add(sparkle(r.range(20, 780), r.range(20, 300), r.range(3, 8), '#ffffff', 0.8));
  }
}

/** The first backdrop: gradient, a glow and two soft blobs. */
function blobBackdrop(cv: Canvas, r: Rng, p: Palette) {
  const bg = cv.linear('bg', [
    [0, p.bg[0]],
    [1, p.bg[1]],
  ]);
  const glow = cv.radial('glow', [
    [0, p.glow, 0.85],
    [1, p.glow, 0],
  ]);
  cv.add(
    `<rect width="800" height="600" fill="${bg}"/>`,
    `<circle cx="${f(r.range(560, 700))}" cy="${f(r.range(90, 170))}" r="${f(r.range(230, 290))}" fill="${glow}"/>`,
    `<path d="${blob(r, r.range(60, 200), r.range(80, 200), r.range(110, 160))}" fill="#ffffff" opacity="0.3"/>`,
    `<path d="${blob(r, r.range(600, 760), r.range(380, 480), r.range(120, 170))}" fill="${lighten(p.b, 0.55)}" opacity="0.28"/>`,
  );
}

/** A table or counter surface from y to the bottom edge. */
function surface(cv: Canvas, y: number, top: string, bottom: string, id = 'surf') {
  const fill = cv.linear(id, [
    [0, top],
    [1, bottom],
  ]);
  cv.add(
    `<rect x="0" y="${y}" width="800" height="${600 - y}" fill="${fill}"/>`,
    `<rect x="0" y="${y}" width="800" height="6" fill="${lighten(top, 0.35)}" opacity="0.8"/>`,
  );
}

// ------------------------------------------------------------------------------------ scenes

type Scene = (cv: Canvas, r: Rng, p: Palette, variant: number) => void;

const massage: Scene = (cv, r, p, v) => {
  backdrop(cv, r, p);
  // Arched spa window with a soft view.
  const win = cv.linear('win', [
    [0, lighten(p.glow, 0.5)],
    [1, lighten(p.a, 0.6)],
  ]);
  cv.add(
    `<path d="M470 440V200A150 150 0 0 1 770 200V440Z" fill="${win}" opacity="0.75"/>`,
    `<path d="M470 440V200A150 150 0 0 1 770 200V440Z" fill="none" stroke="${lighten(p.light, 0.2)}" stroke-width="10"/>`,
    `<path d="M620 50V440M470 250H770" stroke="${lighten(p.light, 0.2)}" stroke-width="6" opacity="0.8"/>`,
  );
  cv.add(sprig(r, 770, 440, -116, 200, mix(p.a, '#ffffff', 0.1), darken(p.a, 0.35)));
  surface(cv, 440, p.c, darken(p.c, 0.25));

  const towel = cv.linear('towel', [
    [0, lighten(p.light, 0.3)],
    [1, mix(p.light, p.b, 0.2)],
  ]);
  const stone = cv.linear('stone', [
    [0, lighten(p.ink, 0.25)],
    [1, p.ink],
  ]);
  const flameGlow = cv.radial('fglow', [
    [0, '#ffd27a', 0.8],
    [1, '#ffd27a', 0],
  ]);
  const wax = cv.linear(
    'wax',
    [
      [0, lighten(p.light, 0.4)],
      [1, mix(p.light, p.c, 0.25)],
    ],
    0,
    0,
    1,
    0,
  );
  const flame = cv.linear('flame', [
    [0, '#fff3c4'],
    [0.5, '#ffc94d'],
    [1, '#ff8a3d'],
  ]);
  const towelRoll = (x: number, y: number) =>
    `<rect x="${x}" y="${y}" width="140" height="48" rx="24" fill="${towel}"/>` +
    `<rect x="${x + 96}" y="${y}" width="12" height="48" fill="${p.b}" opacity="0.45"/>` +
    `<circle cx="${x + 24}" cy="${y + 24}" r="22" fill="${lighten(p.light, 0.15)}"/>` +
    `<path d="M${x + 24} ${y + 24}m-14 0a14 14 0 1 0 28 0a9 9 0 1 0 -18 0a4 4 0 1 0 8 0" fill="none" stroke="${mix(p.light, p.b, 0.35)}" stroke-width="3"/>`;

  cv.scaled(400, 440, 1.2, () => {
    // Rolled towels with a flower.
    const stacked = v % 2 === 1;
    cv.add(shadow(165, 442, 85, 7, 0.15), towelRoll(95, 392));
    if (stacked) cv.add(towelRoll(112, 344));
    const petals: string[] = [];
    for (let i = 0; i < 5; i++) {
      petals.push(
        `<ellipse cx="0" cy="-17" rx="11" ry="19" fill="${lighten(p.glow, 0.55)}" transform="rotate(${i * 72 + 10})"/>`,
      );
    }
    cv.add(
      `<g transform="translate(${stacked ? 222 : 205} ${stacked ? 336 : 384})">${petals.join('')}<circle r="8" fill="${p.glow}"/><circle r="4" fill="${darken(p.glow, 0.15)}"/></g>`,
    );

    // Basalt stone stack with a leaf tucked underneath.
    cv.add(leaf(300, 438, -165, 110, 44, p.a, darken(p.a, 0.4)));
    cv.add(shadow(350, 444, 100, 10, 0.22));
    const sizes = v % 3 === 0 ? [150, 122, 96, 66] : v % 3 === 1 ? [140, 112, 80] : [156, 128, 102, 78, 54];
    let y = 440;
    sizes.forEach((w, i) => {
      const h = w * 0.34;
      const cx = 350 + r.range(-7, 7) + (i === sizes.length - 1 ? 3 : 0);
      const cy = y - h / 2 + 3;
      cv.add(
        `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(w / 2)}" ry="${f(h / 2)}" fill="${stone}"/>`,
        `<ellipse cx="${f(cx - w * 0.12)}" cy="${f(cy - h * 0.2)}" rx="${f(w * 0.26)}" ry="${f(h * 0.16)}" fill="#ffffff" opacity="0.16"/>`,
      );
      y = cy - h / 2 + 6;
    });

    // Pillar candle and a tea light.
    const cx = 530;
    const candleH = v % 2 === 0 ? 116 : 90;
    const top = 440 - candleH;
    cv.add(
      `<circle cx="${cx}" cy="${top - 40}" r="90" fill="${flameGlow}"/>`,
      shadow(cx, 444, 56, 7, 0.2),
      `<rect x="${cx - 44}" y="${top}" width="88" height="${candleH}" rx="10" fill="${wax}"/>`,
      `<ellipse cx="${cx}" cy="${top}" rx="44" ry="10" fill="${lighten(p.light, 0.55)}"/>`,
      `<path d="M${cx} ${top - 2}v-14" stroke="#3a2a20" stroke-width="3" stroke-linecap="round"/>`,
      `<path d="M${cx} ${top - 62}C${cx + 16} ${top - 40} ${cx + 14} ${top - 14} ${cx} ${top - 12}C${cx - 14} ${top - 14} ${cx - 16} ${top - 40} ${cx} ${top - 62}Z" fill="${flame}"/>`,
      `<rect x="${cx - 44}" y="${f(top + candleH * 0.45)}" width="88" height="14" fill="${p.b}" opacity="0.55"/>`,
      `<rect x="${cx + 64}" y="414" width="50" height="26" rx="6" fill="${lighten(p.b, 0.3)}"/>`,
      `<ellipse cx="${cx + 89}" cy="414" rx="25" ry="6" fill="${lighten(p.light, 0.5)}"/>`,
      `<path d="M${cx + 89} 380C${cx + 98} 392 ${cx + 97} 406 ${cx + 89} 408C${cx + 81} 406 ${cx + 80} 392 ${cx + 89} 380Z" fill="${flame}"/>`,
    );
  });
  // Scattered petals on the surface.
  for (let i = 0; i < 4; i++) {
    const x = r.range(240, 700);
    const y = r.range(500, 570);
    cv.add(
      `<ellipse cx="${f(x)}" cy="${f(y)}" rx="10" ry="5" fill="${lighten(p.glow, 0.5)}" transform="rotate(${f(r.range(0, 180))} ${f(x)} ${f(y)})" opacity="0.9"/>`,
    );
  }
};

const tours: Scene = (cv, r, p, v) => {
  const sky = cv.linear('sky', [
    [0, p.bg[0]],
    [1, p.bg[1]],
  ]);
  const sunGlow = cv.radial('sun', [
    [0, p.glow, 0.9],
    [0.4, p.glow, 0.35],
    [1, p.glow, 0],
  ]);
  const sx = r.range(480, 650);
  const sy = r.range(120, 190);
  cv.add(
    `<rect width="800" height="600" fill="${sky}"/>`,
    `<circle cx="${f(sx)}" cy="${f(sy)}" r="220" fill="${sunGlow}"/>`,
    `<circle cx="${f(sx)}" cy="${f(sy)}" r="58" fill="${lighten(p.glow, 0.35)}"/>`,
    cloud(r.range(120, 260), r.range(90, 140), r.range(0.9, 1.3), '#ffffff', 0.8),
    cloud(r.range(600, 740), r.range(210, 260), r.range(0.6, 0.9), '#ffffff', 0.6),
  );
  const kind = v % 3;
  if (kind === 0) {
    // Mountains and a lake.
    const far = mix(p.a, p.bg[1], 0.55);
    const mid = mix(p.a, p.bg[1], 0.25);
    cv.add(
      `<path d="M0 360L120 250L210 320L330 190L470 330L560 260L680 340L800 240V420H0Z" fill="${far}"/>`,
      `<path d="M330 190L300 222L322 216L338 232L356 214L370 226Z" fill="#ffffff" opacity="0.85"/>`,
      `<path d="M800 240L770 268L790 262L800 270Z" fill="#ffffff" opacity="0.7"/>`,
      `<path d="M0 400L150 300L260 380L400 280L540 390L650 320L800 400V460H0Z" fill="${mid}"/>`,
    );
    const lake = cv.linear('lake', [
      [0, lighten(p.b, 0.35)],
      [1, p.b],
    ]);
    cv.add(`<rect y="430" width="800" height="60" fill="${lake}"/>`);
    for (let i = 0; i < 6; i++) {
      const y = r.range(442, 480);
      const x = r.range(60, 700);
      cv.add(
        `<path d="M${f(x)} ${f(y)}h${f(r.range(40, 90))}" stroke="#ffffff" stroke-width="3" stroke-linecap="round" opacity="0.5"/>`,
      );
    }
  } else if (kind === 1) {
    // City skyline.
    const far = mix(p.ink, p.bg[1], 0.6);
    const near = mix(p.ink, p.bg[1], 0.3);
    let x = -10;
    while (x < 810) {
      const w = r.range(40, 80);
      const h = r.range(90, 210);
      cv.add(`<rect x="${f(x)}" y="${f(430 - h)}" width="${f(w)}" height="${f(h)}" fill="${far}"/>`);
      x += w + r.range(2, 10);
    }
    // A dome and a tower in front.
    cv.add(
      `<path d="M150 430V330H270V430Z" fill="${near}"/><path d="M150 332A60 60 0 0 1 270 332Z" fill="${near}"/><rect x="205" y="250" width="10" height="30" fill="${near}"/><circle cx="210" cy="250" r="7" fill="${near}"/>`,
      `<path d="M560 430V220L590 170L620 220V430Z" fill="${near}"/><rect x="585" y="140" width="10" height="32" fill="${near}"/>`,
    );
    cv.add(`<rect y="425" width="800" height="80" fill="${mix(p.a, p.bg[1], 0.35)}"/>`);
    x = 0;
    while (x < 800) {
      const w = r.range(50, 90);
      const h = r.range(60, 140);
      if (!(x > 130 && x < 290) && !(x > 540 && x < 640)) {
        cv.add(`<rect x="${f(x)}" y="${f(430 - h)}" width="${f(w)}" height="${f(h)}" fill="${near}"/>`);
        for (let wy = 430 - h + 14; wy < 420; wy += 22) {
          for (let wx = x + 10; wx < x + w - 12; wx += 16) {
            if (r.float() < 0.45)
              cv.add(
                `<rect x="${f(wx)}" y="${f(wy)}" width="7" height="10" fill="${lighten(p.glow, 0.3)}" opacity="0.85"/>`,
              );
          }
        }
      }
      x += w + r.range(4, 16);
    }
  } else {
    // Coast with a sailboat and a lighthouse.
    const sea = cv.linear('sea', [
      [0, lighten(p.b, 0.2)],
      [1, darken(p.b, 0.15)],
    ]);
    cv.add(
      `<path d="M0 330Q200 290 420 340T800 320V420H0Z" fill="${mix(p.a, p.bg[1], 0.45)}"/>`,
      `<rect y="380" width="800" height="110" fill="${sea}"/>`,
    );
    for (let i = 0; i < 7; i++) {
      const y = r.range(395, 470);
      const x = r.range(20, 720);
      cv.add(
        `<path d="M${f(x)} ${f(y)}q15 -8 30 0t30 0" stroke="#ffffff" stroke-width="3" fill="none" stroke-linecap="round" opacity="0.55"/>`,
      );
    }
    const bx = r.range(420, 520);
    cv.add(
      `<path d="M${f(bx - 50)} 412h100l-16 22h-68Z" fill="${p.ink}"/>`,
      `<path d="M${f(bx)} 406V300L${f(bx + 52)} 402Z" fill="#ffffff"/>`,
      `<path d="M${f(bx - 4)} 406V318L${f(bx - 44)} 402Z" fill="${lighten(p.c, 0.3)}"/>`,
      `<path d="M690 430L702 300H728L740 430Z" fill="#ffffff"/><path d="M693 400H737M697 355H733" stroke="${p.c}" stroke-width="14"/>`,
      `<rect x="698" y="282" width="34" height="20" fill="${p.ink}"/><path d="M694 284L715 262L736 284Z" fill="${p.c}"/>`,
    );
  }
  // Foreground hill with a path and trees.
  const hill = cv.linear('hill', [
    [0, p.a],
    [1, darken(p.a, 0.3)],
  ]);
  cv.add(`<path d="M0 480Q200 400 420 470T800 450V600H0Z" fill="${hill}"/>`);
  cv.add(
    `<path d="M250 600C300 540 420 540 400 500S470 460 520 462" stroke="${lighten(p.c, 0.55)}" stroke-width="16" fill="none" stroke-linecap="round" opacity="0.9"/>`,
  );
  for (let i = 0; i < 5; i++) {
    const tx = i < 3 ? r.range(30, 220) : r.range(600, 780);
    const ty = r.range(470, 520);
    const s = r.range(0.7, 1.2);
    cv.add(
      `<rect x="${f(tx - 4 * s)}" y="${f(ty - 10 * s)}" width="${f(8 * s)}" height="${f(34 * s)}" fill="${darken(p.a, 0.5)}"/>`,
      `<path d="M${f(tx)} ${f(ty - 80 * s)}L${f(tx + 28 * s)} ${f(ty - 4 * s)}H${f(tx - 28 * s)}Z" fill="${darken(p.a, 0.2 + i * 0.04)}"/>`,
    );
  }
  // Map pin.
  const px = kind === 2 ? 300 : v % 2 === 0 ? 470 : 330;
  const py = 470;
  const pin = cv.linear('pin', [
    [0, lighten(p.c, 0.15)],
    [1, darken(p.c, 0.15)],
  ]);
  cv.add(
    shadow(px, py + 4, 30, 8, 0.25),
    `<path d="M${px} ${py}C${px - 18} ${py - 40} ${px - 52} ${py - 70} ${px - 52} ${py - 108}A52 52 0 0 1 ${px + 52} ${py - 108}C${px + 52} ${py - 70} ${px + 18} ${py - 40} ${px} ${py}Z" fill="${pin}"/>`,
    `<circle cx="${px}" cy="${py - 108}" r="20" fill="#ffffff"/>`,
  );
  if (v % 4 === 3) {
    // A hot-air balloon drifting by.
    const hx = 160;
    const hy = 190;
    cv.add(
      `<path d="M${hx} ${hy - 60}C${hx + 52} ${hy - 60} ${hx + 52} ${hy + 10} ${hx + 12} ${hy + 42}H${hx - 12}C${hx - 52} ${hy + 10} ${hx - 52} ${hy - 60} ${hx} ${hy - 60}Z" fill="${p.c}"/>`,
      `<path d="M${hx} ${hy - 60}C${hx + 18} ${hy - 60} ${hx + 18} ${hy + 10} ${hx + 6} ${hy + 42}H${hx - 6}C${hx - 18} ${hy + 10} ${hx - 18} ${hy - 60} ${hx} ${hy - 60}Z" fill="${lighten(p.glow, 0.3)}"/>`,
      `<rect x="${hx - 9}" y="${hy + 52}" width="18" height="14" rx="3" fill="${darken(p.c, 0.4)}"/>`,
      `<path d="M${hx - 11} ${hy + 42}L${hx - 8} ${hy + 52}M${hx + 11} ${hy + 42}L${hx + 8} ${hy + 52}" stroke="${darken(p.c, 0.4)}" stroke-width="2"/>`,
    );
  }
};

const privateChef: Scene = (cv, r, p, v) => {
  backdrop(cv, r, p);
  // Tiled backsplash.
  const tiles: string[] = [];
  for (let y = 0; y < 420; y += 60) {
    for (let x = (y / 60) % 2 === 0 ? 0 : -30; x < 800; x += 60) {
      tiles.push(`<rect x="${x + 3}" y="${y + 3}" width="54" height="54" rx="6"/>`);
    }
  }
  cv.add(`<g fill="#ffffff" opacity="0.13">${tiles.join('')}</g>`);
  surface(cv, 420, p.c, darken(p.c, 0.3));
  cv.scaled(400, 440, 1.12, () => chefProps(cv, r, p, v));
};

function chefProps(cv: Canvas, r: Rng, p: Palette, v: number) {
  if (v % 2 === 0) {
    // Pan with steam on the left, plated dish on the right.
    const pan = cv.linear('pan', [
      [0, lighten(p.ink, 0.2)],
      [1, p.ink],
    ]);
    cv.add(
      shadow(250, 470, 175, 22, 0.25),
      `<rect x="390" y="428" width="190" height="24" rx="12" fill="${p.ink}" transform="rotate(-8 390 440)"/>`,
      `<ellipse cx="250" cy="440" rx="170" ry="52" fill="${pan}"/>`,
      `<ellipse cx="250" cy="430" rx="150" ry="40" fill="${darken(p.ink, 0.2)}"/>`,
    );
    // Food in the pan.
    const foods = [p.a, p.b, lighten(p.glow, 0.1), darken(p.a, 0.15), lighten(p.b, 0.2)];
    for (let i = 0; i < 14; i++) {
      const fx = 250 + r.range(-110, 110);
      const fy = 430 + r.range(-22, 22);
      const kind = i % 3;
      const col = foods[i % foods.length] as string;
      if (kind === 0)
        cv.add(
          `<circle cx="${f(fx)}" cy="${f(fy)}" r="${f(r.range(12, 18))}" fill="${col}"/><circle cx="${f(fx - 4)}" cy="${f(fy - 4)}" r="4" fill="#ffffff" opacity="0.35"/>`,
        );
      else if (kind === 1) cv.add(leaf(fx, fy, r.range(0, 360), 34, 16, p.a, darken(p.a, 0.4)));
      else
        cv.add(
          `<ellipse cx="${f(fx)}" cy="${f(fy)}" rx="16" ry="8" fill="${col}" transform="rotate(${f(r.range(-30, 30))} ${f(fx)} ${f(fy)})"/>`,
        );
    }
    // Steam.
    for (let i = 0; i < 3; i++) {
      const sx = 190 + i * 60;
      cv.add(
        `<path d="M${sx} 370c-24 -30 24 -50 0 -80s24 -50 0 -80" stroke="#ffffff" stroke-width="${10 - i * 2}" fill="none" stroke-linecap="round" opacity="${0.55 - i * 0.1}"/>`,
      );
    }
    // Plate.
    cv.add(
      shadow(600, 478, 130, 22, 0.22),
      `<ellipse cx="600" cy="462" rx="130" ry="44" fill="#ffffff"/>`,
      `<ellipse cx="600" cy="460" rx="96" ry="30" fill="${lighten(p.light, 0.6)}"/>`,
      `<ellipse cx="600" cy="452" rx="60" ry="20" fill="${lighten(p.glow, 0.2)}"/>`,
    );
    for (let i = 0; i < 5; i++) {
      cv.add(
        `<path d="M${f(560 + i * 16)} 452q10 -18 20 0" stroke="${lighten(p.glow, 0.55)}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
      );
    }
    cv.add(
      leaf(585, 440, -30, 30, 14, p.a, darken(p.a, 0.4)),
      leaf(612, 440, -150, 30, 14, p.a, darken(p.a, 0.4)),
      `<circle cx="628" cy="450" r="9" fill="${p.b}"/>`,
    );
  } else {
    // Cutting board with vegetables and a knife; a pot on the right.
    const board = cv.linear('board', [
      [0, lighten(p.c, 0.45)],
      [1, lighten(p.c, 0.2)],
    ]);
    cv.add(
      shadow(300, 480, 200, 18, 0.2),
      `<rect x="100" y="430" width="400" height="60" rx="22" fill="${board}"/>`,
      `<circle cx="470" cy="460" r="10" fill="${darken(p.c, 0.1)}"/>`,
    );
    // Tomatoes, a lemon half, herbs.
    cv.add(
      `<circle cx="170" cy="420" r="32" fill="${p.b}"/><circle cx="160" cy="408" r="8" fill="#ffffff" opacity="0.35"/><path d="M170 390l-8 -8M170 390l8 -8M170 390v-10" stroke="${darken(p.a, 0.2)}" stroke-width="4" stroke-linecap="round"/>`,
      `<circle cx="235" cy="430" r="24" fill="${darken(p.b, 0.08)}"/>`,
      `<ellipse cx="310" cy="440" rx="30" ry="14" fill="${lighten(p.glow, 0.45)}"/><ellipse cx="310" cy="440" rx="24" ry="10" fill="${lighten(p.glow, 0.1)}"/>`,
      sprig(r, 350, 448, -14, 120, p.a, darken(p.a, 0.4)),
      `<rect x="360" y="466" width="110" height="10" rx="5" fill="#c9ced6"/><rect x="320" y="464" width="46" height="14" rx="6" fill="${p.ink}"/>`,
    );
    // Pot with lid and steam.
    const pot = cv.linear(
      'pot',
      [
        [0, lighten(p.a, 0.15)],
        [1, darken(p.a, 0.25)],
      ],
      0,
      0,
      1,
      0,
    );
    cv.add(
      shadow(630, 470, 120, 16, 0.22),
      `<path d="M520 330H740V440Q740 470 710 470H550Q520 470 520 440Z" fill="${pot}"/>`,
      `<rect x="496" y="350" width="30" height="16" rx="8" fill="${darken(p.a, 0.3)}"/><rect x="734" y="350" width="30" height="16" rx="8" fill="${darken(p.a, 0.3)}"/>`,
      `<ellipse cx="630" cy="330" rx="118" ry="16" fill="${lighten(p.a, 0.3)}"/>`,
      `<rect x="612" y="306" width="36" height="14" rx="7" fill="${darken(p.a, 0.3)}"/>`,
    );
    for (let i = 0; i < 3; i++) {
      const sx = 580 + i * 50;
      cv.add(
        `<path d="M${sx} 290c-20 -26 20 -44 0 -70s20 -44 0 -70" stroke="#ffffff" stroke-width="${9 - i * 2}" fill="none" stroke-linecap="round" opacity="${0.55 - i * 0.12}"/>`,
      );
    }
  }
}

const doctor: Scene = (cv, r, p, v) => {
  backdrop(cv, r, p);
  // Heartbeat line across the scene.
  cv.add(
    `<path d="M0 250H230L260 200L300 320L340 140L380 300L405 250H800" stroke="${lighten(p.a, 0.35)}" stroke-width="8" fill="none" stroke-linejoin="round" stroke-linecap="round" opacity="0.8"/>`,
  );
  // Clipboard.
  const cbx = v % 2 === 0 ? 440 : 120;
  cv.add(
    shadow(cbx + 120, 540, 130, 14, 0.16),
    `<rect x="${cbx}" y="150" width="240" height="380" rx="22" fill="${p.c}"/>`,
    `<rect x="${cbx + 18}" y="178" width="204" height="334" rx="10" fill="#ffffff"/>`,
    `<rect x="${cbx + 75}" y="132" width="90" height="40" rx="12" fill="${darken(p.c, 0.3)}"/>`,
    `<circle cx="${cbx + 120}" cy="146" r="7" fill="${lighten(p.c, 0.5)}"/>`,
  );
  for (let i = 0; i < 6; i++) {
    const y = 230 + i * 42;
    const done = i < 3;
    cv.add(
      `<rect x="${cbx + 40}" y="${y - 12}" width="24" height="24" rx="6" fill="${done ? p.a : 'none'}" stroke="${done ? p.a : lighten(p.ink, 0.6)}" stroke-width="3"/>`,
      done
        ? `<path d="M${cbx + 46} ${y}l5 5l9 -10" stroke="#ffffff" stroke-width="3.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`
        : '',
      `<rect x="${cbx + 78}" y="${y - 5}" width="${f(r.range(80, 120))}" height="10" rx="5" fill="${lighten(p.ink, 0.75)}"/>`,
    );
  }
  // Medical cross badge.
  const bx = v % 2 === 0 ? 190 : 600;
  const badge = cv.linear('badge', [
    [0, lighten(p.b, 0.15)],
    [1, darken(p.b, 0.15)],
  ]);
  cv.add(
    `<circle cx="${bx}" cy="190" r="92" fill="${lighten(p.b, 0.75)}" opacity="0.8"/>`,
    `<rect x="${bx - 62}" y="128" width="124" height="124" rx="30" fill="${badge}"/>`,
    `<path d="M${bx - 14} 158h28v24h24v28h-24v24h-28v-24h-24v-28h24Z" fill="#ffffff"/>`,
  );
  // Stethoscope.
  const sx = v % 2 === 0 ? 110 : 470;
  const tube = p.ink;
  cv.add(
    `<path d="M${sx} 300C${sx} 380 ${sx + 40} 420 ${sx + 80} 420S${sx + 160} 380 ${sx + 160} 300" stroke="${tube}" stroke-width="12" fill="none" stroke-linecap="round"/>`,
    `<circle cx="${sx}" cy="296" r="11" fill="${lighten(p.ink, 0.4)}"/><circle cx="${sx + 160}" cy="296" r="11" fill="${lighten(p.ink, 0.4)}"/>`,
    `<path d="M${sx + 80} 420C${sx + 80} 480 ${sx + 140} 520 ${sx + 200} 500S${sx + 260} 440 ${sx + 250} 410" stroke="${tube}" stroke-width="12" fill="none" stroke-linecap="round"/>`,
  );
  const chest = cv.radial('chest', [
    [0, '#f4f6f8'],
    [0.7, '#c2c9d2'],
    [1, '#8a94a3'],
  ]);
  cv.add(
    `<circle cx="${sx + 250}" cy="392" r="38" fill="${chest}"/>`,
    `<circle cx="${sx + 250}" cy="392" r="22" fill="${lighten(p.a, 0.2)}"/>`,
    `<circle cx="${sx + 244}" cy="386" r="7" fill="#ffffff" opacity="0.6"/>`,
  );
  // Pills.
  for (let i = 0; i < 3; i++) {
    const px = (v % 2 === 0 ? 70 : 700) + r.range(-20, 40);
    const py = 470 + i * 38;
    const rot = r.range(-40, 40);
    cv.add(
      `<g transform="translate(${f(px)} ${f(py)}) rotate(${f(rot)})"><rect x="-30" y="-12" width="60" height="24" rx="12" fill="#ffffff"/><path d="M0 -12H18A12 12 0 0 1 18 12H0Z" fill="${i % 2 ? p.b : p.a}"/></g>`,
    );
  }
  cv.add(sparkle(bx + 90, 120, 14, '#ffffff', 0.9), sparkle(bx - 96, 270, 9, '#ffffff', 0.7));
};

const yoga: Scene = (cv, r, p, v) => {
  const sky = cv.linear('sky', [
    [0, p.bg[0]],
    [1, p.bg[1]],
  ]);
  const sun = cv.radial('sunglow', [
    [0, p.glow, 0.9],
    [1, p.glow, 0],
  ]);
  cv.add(
    `<rect width="800" height="600" fill="${sky}"/>`,
    `<circle cx="400" cy="330" r="300" fill="${sun}"/>`,
    `<circle cx="400" cy="330" r="130" fill="${lighten(p.glow, 0.3)}" opacity="0.9"/>`,
  );
  for (let i = 0; i < 3; i++) cv.add(cloud(r.range(80, 720), r.range(70, 180), r.range(0.6, 1), '#ffffff', 0.5));
  // Layered hills.
  const layers = [mix(p.a, p.bg[1], 0.55), mix(p.a, p.bg[1], 0.3), p.a];
  layers.forEach((col, i) => {
    const y = 370 + i * 45;
    cv.add(
      `<path d="M0 ${y}Q${f(r.range(120, 260))} ${y - 50} ${f(r.range(380, 420))} ${y}T800 ${y - 10}V600H0Z" fill="${col}"/>`,
    );
  });
  // Mat.
  const mat = cv.linear('mat', [
    [0, lighten(p.c, 0.15)],
    [1, darken(p.c, 0.15)],
  ]);
  cv.add(
    `<path d="M220 540L290 480H570L620 540Z" fill="${mat}"/>`,
    `<path d="M220 540H620V552H220Z" fill="${darken(p.c, 0.3)}"/>`,
  );
  // Figure.
  const body = p.ink;
  const skin = p.b;
  if (v % 2 === 0) {
    // Tree pose.
    cv.add(
      `<path d="M400 420L404 510" stroke="${body}" stroke-width="26" stroke-linecap="round"/>`,
      `<path d="M400 418L458 452L406 470" stroke="${body}" stroke-width="24" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
      `<path d="M400 300V420" stroke="${body}" stroke-width="46" stroke-linecap="round"/>`,
      `<path d="M392 300L350 250L396 196M408 300L450 250L404 196" stroke="${skin}" stroke-width="16" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
      `<circle cx="400" cy="258" r="26" fill="${skin}"/>`,
      `<path d="M376 250A26 26 0 0 1 424 246C416 236 392 232 376 250Z" fill="${darken(body, 0.2)}"/><circle cx="418" cy="236" r="10" fill="${darken(body, 0.2)}"/>`,
    );
  } else {
    // Seated lotus, hands in a mudra.
    cv.add(
      `<path d="M310 500Q400 450 490 500Q400 530 310 500Z" fill="${body}"/>`,
      `<path d="M400 360V470" stroke="${body}" stroke-width="58" stroke-linecap="round"/>`,
      `<path d="M376 372L338 440L356 486M424 372L462 440L444 486" stroke="${skin}" stroke-width="15" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
      `<circle cx="356" cy="488" r="9" fill="${skin}"/><circle cx="444" cy="488" r="9" fill="${skin}"/>`,
      `<circle cx="400" cy="318" r="28" fill="${skin}"/>`,
      `<path d="M372 312A28 28 0 0 1 428 308C418 296 390 292 372 312Z" fill="${darken(body, 0.2)}"/><circle cx="400" cy="286" r="11" fill="${darken(body, 0.2)}"/>`,
    );
  }
  // Lotus flowers and a plant.
  const lotus = (x: number, y: number, s: number) => {
    const petals: string[] = [];
    for (const [a, col] of [
      [-60, lighten(p.c, 0.35)],
      [60, lighten(p.c, 0.35)],
      [-30, lighten(p.c, 0.15)],
      [30, lighten(p.c, 0.15)],
      [0, p.c],
    ] as const) {
      petals.push(`<path d="M0 0C-14 -20 -10 -44 0 -56C10 -44 14 -20 0 0Z" fill="${col}" transform="rotate(${a})"/>`);
    }
    return `<g transform="translate(${f(x)} ${f(y)}) scale(${f(s)})">${petals.join('')}</g>`;
  };
  cv.add(lotus(120, 560, 1.2), lotus(690, 560, 0.9));
  cv.add(
    sprig(r, 60, 600, -70, 170, darken(p.a, 0.1), darken(p.a, 0.45)),
    sprig(r, 760, 600, -112, 150, darken(p.a, 0.1), darken(p.a, 0.45)),
  );
  for (let i = 0; i < 5; i++) cv.add(sparkle(r.range(100, 700), r.range(60, 250), r.range(5, 10), '#ffffff', 0.8));
};

const babysitting: Scene = (cv, r, p, v) => {
  backdrop(cv, r, p);
  // Rainbow.
  const cols = [p.c, p.glow, p.a, p.b];
  cols.forEach((col, i) => {
    cv.add(
      `<path d="M${130 + i * 26} 430A${270 - i * 26} ${270 - i * 26} 0 0 1 ${670 - i * 26} 430" stroke="${col}" stroke-width="26" fill="none" opacity="0.5"/>`,
    );
  });
  cv.add(cloud(150, 420, 1.2, '#ffffff', 0.95), cloud(660, 420, 1.1, '#ffffff', 0.95));
  // Rug.
  cv.add(
    `<ellipse cx="400" cy="530" rx="360" ry="60" fill="${lighten(p.b, 0.45)}"/>`,
    `<ellipse cx="400" cy="530" rx="320" ry="46" fill="none" stroke="#ffffff" stroke-width="4" stroke-dasharray="10 12" opacity="0.8"/>`,
  );

  // Blocks A B C.
  const block = (x: number, y: number, s: number, col: string, letter: string) => {
    const d = s * 0.28;
    return (
      `<path d="M${x} ${y}l${d} ${-d}h${s}l${-d} ${d}Z" fill="${lighten(col, 0.3)}"/>` +
      `<path d="M${x + s} ${y}l${d} ${-d}v${s}l${-d} ${d}Z" fill="${darken(col, 0.2)}"/>` +
      `<rect x="${x}" y="${y}" width="${s}" height="${s}" fill="${col}"/>` +
      `<rect x="${x + 8}" y="${y + 8}" width="${s - 16}" height="${s - 16}" rx="6" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.7"/>` +
      `<text x="${x + s / 2}" y="${y + s * 0.7}" font-family="Arial Rounded MT Bold, Verdana, Arial, sans-serif" font-weight="700" font-size="${f(s * 0.55)}" fill="#ffffff" text-anchor="middle">${letter}</text>`
    );
  };
  const bx = v % 2 === 0 ? 430 : 170;
  cv.add(shadow(bx + 130, 530, 150, 14, 0.18));
  cv.add(block(bx, 430, 100, p.c, 'A'), block(bx + 120, 430, 100, p.a, 'B'), block(bx + 60, 330, 100, p.b, 'C'));

  // Teddy bear.
  const tx = v % 2 === 0 ? 250 : 600;
  const fur = p.ink;
  const light = lighten(p.ink, 0.35);
  cv.add(
    shadow(tx, 532, 90, 12, 0.18),
    `<ellipse cx="${tx}" cy="455" rx="70" ry="80" fill="${fur}"/>`,
    `<ellipse cx="${tx}" cy="470" rx="40" ry="46" fill="${light}"/>`,
    `<ellipse cx="${tx - 50}" cy="520" rx="30" ry="20" fill="${fur}"/><ellipse cx="${tx + 50}" cy="520" rx="30" ry="20" fill="${fur}"/>`,
    `<ellipse cx="${tx - 50}" cy="522" rx="16" ry="11" fill="${light}"/><ellipse cx="${tx + 50}" cy="522" rx="16" ry="11" fill="${light}"/>`,
    `<ellipse cx="${tx - 68}" cy="440" rx="20" ry="34" fill="${fur}" transform="rotate(30 ${tx - 68} 440)"/><ellipse cx="${tx + 68}" cy="440" rx="20" ry="34" fill="${fur}" transform="rotate(-30 ${tx + 68} 440)"/>`,
    `<circle cx="${tx - 46}" cy="310" r="24" fill="${fur}"/><circle cx="${tx + 46}" cy="310" r="24" fill="${fur}"/>`,
    `<circle cx="${tx - 46}" cy="310" r="12" fill="${light}"/><circle cx="${tx + 46}" cy="310" r="12" fill="${light}"/>`,
    `<circle cx="${tx}" cy="355" r="62" fill="${fur}"/>`,
    `<ellipse cx="${tx}" cy="378" rx="28" ry="21" fill="${light}"/>`,
    `<ellipse cx="${tx}" cy="368" rx="10" ry="7" fill="#2b1d18"/>`,
    `<path d="M${tx - 8} 384q8 8 16 0" stroke="#2b1d18" stroke-width="3" fill="none" stroke-linecap="round"/>`,
    `<circle cx="${tx - 22}" cy="342" r="6" fill="#2b1d18"/><circle cx="${tx + 22}" cy="342" r="6" fill="#2b1d18"/>`,
    `<circle cx="${tx - 20}" cy="340" r="2" fill="#ffffff"/><circle cx="${tx + 24}" cy="340" r="2" fill="#ffffff"/>`,
    `<path d="M${tx - 22} 412l22 10l22 -10v20l-22 -10l-22 10Z" fill="${p.c}"/>`,
  );
  // Balloons.
  const balloons = v % 3 === 0 ? 3 : 2;
  for (let i = 0; i < balloons; i++) {
    const x = (v % 2 === 0 ? 110 : 690) + (i - 1) * 48 + r.range(-8, 8);
    const y = 150 + (i % 2) * 40 + r.range(-10, 10);
    const col = [p.c, p.b, p.glow][i] as string;
    cv.add(
      `<path d="M${f(x)} ${f(y + 62)}C${f(x - 20)} ${f(y + 120)} ${f(x + 30)} ${f(y + 160)} ${f(v % 2 === 0 ? 200 : 600)} 300" stroke="${darken(p.ink, 0.2)}" stroke-width="2" fill="none" opacity="0.6"/>`,
      `<ellipse cx="${f(x)}" cy="${f(y)}" rx="44" ry="54" fill="${col}"/>`,
      `<path d="M${f(x - 6)} ${f(y + 62)}L${f(x)} ${f(y + 52)}L${f(x + 6)} ${f(y + 62)}Z" fill="${col}"/>`,
      `<ellipse cx="${f(x - 15)}" cy="${f(y - 20)}" rx="10" ry="16" fill="#ffffff" opacity="0.45" transform="rotate(20 ${f(x - 15)} ${f(y - 20)})"/>`,
    );
  }
  for (let i = 0; i < 6; i++)
    cv.add(
      star(
        r.range(60, 740),
        r.range(40, 260),
        r.range(8, 16),
        i % 2 ? '#ffffff' : lighten(p.glow, 0.2),
        r.range(0, 30),
      ),
    );
};

const driver: Scene = (cv, r, p, v) => {
  const sky = cv.linear('sky', [
    [0, p.bg[0]],
    [1, p.bg[1]],
  ]);
  const glow = cv.radial('sunglow', [
    [0, p.glow, 0.9],
    [1, p.glow, 0],
  ]);
  cv.add(
    `<rect width="800" height="600" fill="${sky}"/>`,
    `<circle cx="600" cy="170" r="220" fill="${glow}"/><circle cx="600" cy="170" r="60" fill="${lighten(p.glow, 0.35)}"/>`,
    cloud(r.range(120, 300), r.range(90, 140), 1.1, '#ffffff', 0.75),
  );
  // Distant hills and skyline.
  cv.add(`<path d="M0 350Q150 270 330 330T800 300V420H0Z" fill="${mix(p.a, p.bg[1], 0.5)}"/>`);
  let x = 420;
  while (x < 800) {
    const w = r.range(26, 50);
    const h = r.range(40, 120);
    cv.add(
      `<rect x="${f(x)}" y="${f(380 - h)}" width="${f(w)}" height="${f(h)}" fill="${mix(p.ink, p.bg[1], 0.55)}"/>`,
    );
    x += w + r.range(2, 8);
  }
  cv.add(`<rect y="380" width="800" height="40" fill="${mix(p.a, p.bg[1], 0.2)}"/>`);
  // Trees or palms along the road.
  const palms = v % 2 === 1;
  for (let i = 0; i < 4; i++) {
    const tx = 60 + i * 210 + r.range(-20, 20);
    if (palms) {
      cv.add(
        `<path d="M${f(tx)} 420Q${f(tx + 6)} 360 ${f(tx - 4)} 300" stroke="${darken(p.c, 0.35)}" stroke-width="9" fill="none" stroke-linecap="round"/>`,
      );
      for (const a of [-150, -110, -60, -20, 20])
        cv.add(leaf(tx - 4, 300, a, 62, 20, darken(p.a, 0.15), darken(p.a, 0.5)));
    } else {
      cv.add(
        `<rect x="${f(tx - 5)}" y="370" width="10" height="50" fill="${darken(p.a, 0.5)}"/>`,
        `<circle cx="${f(tx)}" cy="352" r="34" fill="${darken(p.a, 0.15)}"/><circle cx="${f(tx - 18)}" cy="368" r="22" fill="${darken(p.a, 0.05)}"/><circle cx="${f(tx + 18)}" cy="366" r="24" fill="${darken(p.a, 0.25)}"/>`,
      );
    }
  }
  // Road.
  const road = cv.linear('road', [
    [0, lighten(p.ink, 0.15)],
    [1, p.ink],
  ]);
  cv.add(
    `<rect y="420" width="800" height="180" fill="${road}"/>`,
    `<rect y="420" width="800" height="8" fill="${lighten(p.ink, 0.4)}"/>`,
  );
  for (let lx = -20; lx < 800; lx += 110)
    cv.add(`<rect x="${lx}" y="526" width="64" height="9" rx="4" fill="#ffffff" opacity="0.85"/>`);

  // Car.
  const body = cv.linear('car', [
    [0, lighten(p.c, 0.2)],
    [1, darken(p.c, 0.2)],
  ]);
  const cx = Math.round(r.range(170, 280));
  const y0 = 500;
  cv.add(
    shadow(cx + 170, y0 + 18, 200, 14, 0.35),
    `<path d="M${cx} ${y0 - 10}V${y0 - 60}Q${cx} ${y0 - 82} ${cx + 24} ${y0 - 86}L${cx + 90} ${y0 - 92}L${cx + 140} ${y0 - 148}Q${cx + 150} ${y0 - 158} ${cx + 168} ${y0 - 158}H${cx + 250}Q${cx + 268} ${y0 - 158} ${cx + 280} ${y0 - 146}L${cx + 318} ${y0 - 92}L${cx + 330} ${y0 - 90}Q${cx + 350} ${y0 - 86} ${cx + 350} ${y0 - 64}V${y0 - 10}Q${cx + 350} ${y0} ${cx + 338} ${y0}H${cx + 12}Q${cx} ${y0} ${cx} ${y0 - 10}Z" fill="${body}"/>`,
    `<path d="M${cx + 106} ${y0 - 96}L${cx + 148} ${y0 - 142}Q${cx + 154} ${y0 - 146} ${cx + 164} ${y0 - 146}H${cx + 200}V${y0 - 96}Z" fill="${lighten(p.b, 0.55)}"/>`,
    `<path d="M${cx + 212} ${y0 - 96}V${y0 - 146}H${cx + 248}Q${cx + 260} ${y0 - 146} ${cx + 268} ${y0 - 136}L${cx + 300} ${y0 - 96}Z" fill="${lighten(p.b, 0.55)}"/>`,
    `<path d="M${cx + 120} ${y0 - 100}L${cx + 150} ${y0 - 134}" stroke="#ffffff" stroke-width="6" stroke-linecap="round" opacity="0.7"/>`,
    `<path d="M${cx + 10} ${y0 - 52}H${cx + 340}" stroke="${darken(p.c, 0.3)}" stroke-width="3" opacity="0.5"/>`,
    `<rect x="${cx + 200}" y="${y0 - 80}" width="26" height="6" rx="3" fill="${darken(p.c, 0.4)}"/><rect x="${cx + 120}" y="${y0 - 80}" width="26" height="6" rx="3" fill="${darken(p.c, 0.4)}"/>`,
    `<path d="M${cx + 338} ${y0 - 72}h12v18h-16Z" fill="#fff3b0"/>`,
    `<rect x="${cx}" y="${y0 - 72}" width="10" height="18" rx="3" fill="#ff5a5a"/>`,
  );
  for (const wx of [cx + 80, cx + 280]) {
    cv.add(
      `<circle cx="${wx}" cy="${y0}" r="40" fill="#1f1a24"/>`,
      `<circle cx="${wx}" cy="${y0}" r="22" fill="#c9ced6"/>`,
      `<circle cx="${wx}" cy="${y0}" r="8" fill="#6b7280"/>`,
    );
  }
  // Speed lines.
  for (let i = 0; i < 3; i++)
    cv.add(
      `<path d="M${cx - 30 - i * 20} ${y0 - 120 + i * 30}h${-60 + i * 10}" stroke="#ffffff" stroke-width="6" stroke-linecap="round" opacity="0.7"/>`,
    );
  // Map pin above the car.
  cv.add(
    `<path d="M690 330C680 306 660 290 660 266A30 30 0 0 1 720 266C720 290 700 306 690 330Z" fill="${p.b}"/>`,
    `<circle cx="690" cy="266" r="11" fill="#ffffff"/>`,
  );
};

const beauty: Scene = (cv, r, p, v) => {
  backdrop(cv, r, p);
  surface(cv, 450, lighten(p.b, 0.5), lighten(p.b, 0.2));
  // Vanity mirror.
  const mx = v % 2 === 0 ? 540 : 260;
  const frame = cv.linear(
    'frame',
    [
      [0, '#f6d98b'],
      [0.5, '#d9a94e'],
      [1, '#b8862f'],
    ],
    0,
    0,
    1,
    1,
  );
  const glass = cv.linear(
    'glass',
    [
      [0, lighten(p.glow, 0.6)],
      [1, lighten(p.a, 0.4)],
    ],
    0,
    0,
    1,
    1,
  );
  cv.add(
    shadow(mx, 456, 90, 10, 0.2),
    `<rect x="${mx - 8}" y="330" width="16" height="120" fill="${frame}"/>`,
    `<ellipse cx="${mx}" cy="450" rx="70" ry="14" fill="${frame}"/>`,
    `<circle cx="${mx}" cy="230" r="140" fill="${frame}"/>`,
    `<circle cx="${mx}" cy="230" r="120" fill="${glass}"/>`,
    `<path d="M${mx - 80} 180L${mx - 20} 120M${mx - 82} 230L${mx + 10} 138" stroke="#ffffff" stroke-width="14" stroke-linecap="round" opacity="0.55"/>`,
  );
  // Lipstick.
  const lx = v % 2 === 0 ? 150 : 610;
  cv.add(
    shadow(lx + 30, 462, 50, 8, 0.2),
    `<rect x="${lx}" y="330" width="60" height="130" rx="8" fill="${p.ink}"/>`,
    `<rect x="${lx + 6}" y="290" width="48" height="46" rx="4" fill="${frame}"/>`,
    `<path d="M${lx + 12} 292V236Q${lx + 12} 222 ${lx + 48} 206V292Z" fill="${p.c}"/>`,
    `<path d="M${lx + 18} 290V240" stroke="#ffffff" stroke-width="5" stroke-linecap="round" opacity="0.4"/>`,
  );
  // Nail polish bottle.
  const nx = v % 2 === 0 ? 300 : 700;
  cv.add(
    shadow(nx, 462, 52, 8, 0.2),
    `<rect x="${nx - 16}" y="300" width="32" height="70" rx="6" fill="${p.ink}"/>`,
    `<rect x="${nx - 46}" y="366" width="92" height="94" rx="22" fill="${lighten(p.c, 0.1)}"/>`,
    `<rect x="${nx - 46}" y="366" width="92" height="94" rx="22" fill="#ffffff" opacity="0.12"/>`,
    `<rect x="${nx - 32}" y="378" width="12" height="60" rx="6" fill="#ffffff" opacity="0.45"/>`,
  );
  // Makeup brush, leaning.
  const brushX = v % 2 === 0 ? 400 : 190;
  cv.add(
    `<g transform="translate(${brushX} 455) rotate(-24)">` +
      `<rect x="-9" y="-210" width="18" height="210" rx="9" fill="${darken(p.a, 0.2)}"/>` +
      `<rect x="-12" y="-250" width="24" height="46" rx="4" fill="${frame}"/>` +
      `<path d="M-14 -248C-30 -290 -14 -330 0 -336C14 -330 30 -290 14 -248Z" fill="${lighten(p.ink, 0.15)}"/>` +
      `<path d="M-10 -300C-8 -320 0 -332 0 -336C6 -330 16 -312 12 -296Z" fill="${p.c}" opacity="0.8"/>` +
      `</g>`,
  );
  // Compact with powder.
  cv.add(
    `<ellipse cx="${v % 2 === 0 ? 220 : 520}" cy="520" rx="70" ry="26" fill="${frame}"/>`,
    `<ellipse cx="${v % 2 === 0 ? 220 : 520}" cy="516" rx="56" ry="19" fill="${lighten(p.c, 0.5)}"/>`,
  );
  for (let i = 0; i < 6; i++)
    cv.add(sparkle(r.range(60, 740), r.range(50, 300), r.range(8, 18), '#ffffff', r.range(0.6, 0.95)));
  cv.add(
    leaf(40, 600, -60, 140, 54, lighten(p.a, 0.1), darken(p.a, 0.3)),
    leaf(760, 600, -120, 130, 50, lighten(p.a, 0.1), darken(p.a, 0.3)),
  );
};

const fitness: Scene = (cv, r, p, v) => {
  backdrop(cv, r, p);
  // Dynamic stripes.
  cv.add(
    `<path d="M-40 420L380 -20H470L50 420Z" fill="#ffffff" opacity="0.12"/>`,
    `<path d="M110 420L530 -20H570L150 420Z" fill="#ffffff" opacity="0.1"/>`,
  );
  surface(cv, 440, lighten(p.ink, 0.3), p.ink);
  // Floor mat.
  cv.add(
    `<path d="M60 560L140 470H700L760 560Z" fill="${p.a}"/>`,
    `<path d="M60 560H760V572H60Z" fill="${darken(p.a, 0.3)}"/>`,
  );
  // Dumbbell.
  const plate = cv.linear('plate', [
    [0, lighten(p.c, 0.2)],
    [1, darken(p.c, 0.2)],
  ]);
  const dx = v % 2 === 0 ? 170 : 380;
  const dy = 470;
  cv.add(
    shadow(dx + 130, dy + 34, 150, 12, 0.3),
    `<rect x="${dx + 30}" y="${dy - 10}" width="200" height="20" rx="6" fill="#c9ced6"/>`,
    `<rect x="${dx + 30}" y="${dy - 10}" width="200" height="7" rx="3" fill="#ffffff" opacity="0.6"/>`,
  );
  for (const [px, h] of [
    [dx, 100],
    [dx + 30, 76],
    [dx + 200, 76],
    [dx + 226, 100],
  ] as const) {
    cv.add(
      `<rect x="${px}" y="${dy - h / 2}" width="34" height="${h}" rx="10" fill="${plate}"/>`,
      `<rect x="${px + 6}" y="${dy - h / 2 + 8}" width="7" height="${h - 16}" rx="3" fill="#ffffff" opacity="0.3"/>`,
    );
  }
  // Kettlebell.
  const kx = v % 2 === 0 ? 560 : 210;
  const kb = cv.radial(
    'kb',
    [
      [0, lighten(p.b, 0.35)],
      [0.7, p.b],
      [1, darken(p.b, 0.25)],
    ],
    0.38,
    0.35,
    0.7,
  );
  cv.add(
    shadow(kx, 512, 90, 12, 0.3),
    `<path d="M${kx - 52} 380C${kx - 60} 300 ${kx + 60} 300 ${kx + 52} 380" stroke="${darken(p.b, 0.25)}" stroke-width="26" fill="none" stroke-linecap="round"/>`,
    `<path d="M${kx - 86} 500Q${kx - 112} 436 ${kx - 70} 392Q${kx} 336 ${kx + 70} 392Q${kx + 112} 436 ${kx + 86} 500Z" fill="${kb}"/>`,
    `<rect x="${kx - 36}" y="430" width="72" height="34" rx="8" fill="#ffffff" opacity="0.85"/>`,
    `<text x="${kx}" y="455" font-family="Verdana, Arial, sans-serif" font-weight="700" font-size="22" fill="${darken(p.b, 0.3)}" text-anchor="middle">${v % 3 === 0 ? '16' : v % 3 === 1 ? '12' : '20'}</text>`,
  );
  // Water bottle.
  const bx = 705;
  cv.add(
    shadow(bx, 476, 36, 6, 0.25),
    `<rect x="${bx - 30}" y="310" width="60" height="166" rx="20" fill="${lighten(p.a, 0.35)}"/>`,
    `<rect x="${bx - 30}" y="370" width="60" height="50" fill="${p.a}"/>`,
    `<rect x="${bx - 18}" y="280" width="36" height="34" rx="8" fill="${p.ink}"/>`,
    `<rect x="${bx - 22}" y="324" width="9" height="140" rx="4" fill="#ffffff" opacity="0.4"/>`,
  );
  // Stopwatch.
  const wx = 160;
  const wy = 200;
  const ticks: string[] = [];
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    ticks.push(
      `M${f(wx + Math.cos(a) * 54)} ${f(wy + Math.sin(a) * 54)}L${f(wx + Math.cos(a) * 62)} ${f(wy + Math.sin(a) * 62)}`,
    );
  }
  const elapsed = r.range(0.2, 0.7) * Math.PI * 2;
  const ex = wx + Math.sin(elapsed) * 60;
  const ey = wy - Math.cos(elapsed) * 60;
  cv.add(
    `<rect x="${wx - 14}" y="${wy - 104}" width="28" height="24" rx="5" fill="${p.ink}"/>`,
    `<rect x="${wx - 6}" y="${wy - 84}" width="12" height="10" fill="${p.ink}"/>`,
    `<rect x="${wx + 54}" y="${wy - 80}" width="20" height="16" rx="4" fill="${p.ink}" transform="rotate(45 ${wx + 64} ${wy - 72})"/>`,
    `<circle cx="${wx}" cy="${wy}" r="84" fill="${p.ink}"/>`,
    `<circle cx="${wx}" cy="${wy}" r="70" fill="#ffffff"/>`,
    `<path d="M${wx} ${wy}L${wx} ${wy - 60}A60 60 0 ${elapsed > Math.PI ? 1 : 0} 1 ${f(ex)} ${f(ey)}Z" fill="${p.a}" opacity="0.35"/>`,
    `<path d="${ticks.join('')}" stroke="${lighten(p.ink, 0.4)}" stroke-width="4" stroke-linecap="round"/>`,
    `<path d="M${wx} ${wy}L${f(ex)} ${f(ey)}" stroke="${p.b}" stroke-width="6" stroke-linecap="round"/>`,
    `<circle cx="${wx}" cy="${wy}" r="8" fill="${p.ink}"/>`,
  );
  for (let i = 0; i < 4; i++) cv.add(sparkle(r.range(380, 760), r.range(50, 250), r.range(8, 14), '#ffffff', 0.85));
};

const PALETTES: Record<IllustrationCategory, Palette[]> = {
  massage: [
    {
      bg: ['#eef3ea', '#cfdcc6'],
      glow: '#f7c59f',
      a: '#7fa37a',
      b: '#c9a98b',
      c: '#b98b63',
      ink: '#4a4e57',
      light: '#f5efe6',
    },
    {
      bg: ['#f6ece4', '#e3cdbd'],
      glow: '#f4b6a4',
      a: '#8aa68b',
      b: '#d7a48f',
      c: '#a9775a',
      ink: '#3f4350',
      light: '#fbf3ec',
    },
    {
      bg: ['#e8eef2', '#c3d3dc'],
      glow: '#ffe1b0',
      a: '#6e9f93',
      b: '#9db8c7',
      c: '#8f7b6b',
      ink: '#37414d',
      light: '#f3f1ec',
    },
    {
      bg: ['#f2ece6', '#dfd0e0'],
      glow: '#f9c6d3',
      a: '#86a98a',
      b: '#b7a2c9',
      c: '#9d7f6c',
      ink: '#474252',
      light: '#f8f2f6',
    },
  ],
  tours: [
    {
      bg: ['#8ec9ea', '#fde2c4'],
      glow: '#ffd27a',
      a: '#5a9f6e',
      b: '#3d8fc4',
      c: '#ef6a4c',
      ink: '#2f3b52',
      light: '#ffffff',
    },
    {
      bg: ['#f7a98b', '#fde3b5'],
      glow: '#ffe08a',
      a: '#6b8f5e',
      b: '#4a7fb0',
      c: '#e0405c',
      ink: '#3b2e4a',
      light: '#ffffff',
    },
    {
      bg: ['#6fa8dc', '#c7e3f4'],
      glow: '#fff1b8',
      a: '#4d8a6a',
      b: '#2f79b5',
      c: '#f29a2e',
      ink: '#26324a',
      light: '#ffffff',
    },
    {
      bg: ['#b59be0', '#f9c8b7'],
      glow: '#ffd59e',
      a: '#6a8f7a',
      b: '#5c86c6',
      c: '#e8546b',
      ink: '#362a55',
      light: '#ffffff',
    },
  ],
  'private-chef': [
    {
      bg: ['#fbe9d6', '#f2cfae'],
      glow: '#ffd59a',
      a: '#6da34d',
      b: '#e0493b',
      c: '#b07a4f',
      ink: '#34312f',
      light: '#fff8ef',
    },
    {
      bg: ['#f3ede4', '#dfd2bf'],
      glow: '#ffe3a3',
      a: '#4f9a6b',
      b: '#e86a3a',
      c: '#8c6a4f',
      ink: '#2e3440',
      light: '#fffaf2',
    },
    {
      bg: ['#e7f0ec', '#c6dbd1'],
      glow: '#ffd8a8',
      a: '#5b9a57',
      b: '#d94b4b',
      c: '#a1785a',
      ink: '#263238',
      light: '#fbfaf6',
    },
    {
      bg: ['#fde6df', '#f1c5b8'],
      glow: '#ffe4a8',
      a: '#6aa75a',
      b: '#c9473f',
      c: '#9c6b52',
      ink: '#3a2f33',
      light: '#fff7f2',
    },
  ],
  doctor: [
    {
      bg: ['#e6f4f8', '#bfe1ea'],
      glow: '#ffffff',
      a: '#18a58e',
      b: '#3b82f6',
      c: '#7fb7d9',
      ink: '#1f3347',
      light: '#ffffff',
    },
    {
      bg: ['#e9f7f1', '#c2e8d8'],
      glow: '#ffffff',
      a: '#0f9d7a',
      b: '#ef5b6b',
      c: '#6fbfa4',
      ink: '#1d3b36',
      light: '#ffffff',
    },
    {
      bg: ['#eef1fb', '#cdd6f3'],
      glow: '#ffffff',
      a: '#4f7cf0',
      b: '#e5536b',
      c: '#8fa4e8',
      ink: '#1f2a4d',
      light: '#ffffff',
    },
  ],
  yoga: [
    {
      bg: ['#fbd3b9', '#f6a68c'],
      glow: '#ffe7a8',
      a: '#8e6fa8',
      b: '#f2c6a0',
      c: '#5bb3a6',
      ink: '#40305c',
      light: '#ffffff',
    },
    {
      bg: ['#c9d8f5', '#f3c7d6'],
      glow: '#fff2c2',
      a: '#5f8f84',
      b: '#e8b998',
      c: '#e27d8c',
      ink: '#2f3d5c',
      light: '#ffffff',
    },
    {
      bg: ['#fde7c8', '#f5b98e'],
      glow: '#fff5d0',
      a: '#6d9b6a',
      b: '#c98f6a',
      c: '#6fa3c8',
      ink: '#4a3a33',
      light: '#ffffff',
    },
    {
      bg: ['#d7c5ee', '#f8d5c6'],
      glow: '#ffeab5',
      a: '#7a6aa8',
      b: '#f0c2a2',
      c: '#3fa39a',
      ink: '#352b55',
      light: '#ffffff',
    },
  ],
  babysitting: [
    {
      bg: ['#fff4d6', '#ffe2c2'],
      glow: '#fff9e6',
      a: '#7cc4a6',
      b: '#7fb2ee',
      c: '#f2788f',
      ink: '#c4935f',
      light: '#ffffff',
    },
    {
      bg: ['#e5f3ff', '#cfe6fb'],
      glow: '#ffffff',
      a: '#8ad0a8',
      b: '#ffb86b',
      c: '#a98be8',
      ink: '#b98559',
      light: '#ffffff',
    },
    {
      bg: ['#fde8f0', '#f8d2e2'],
      glow: '#fffafc',
      a: '#6fc3c8',
      b: '#f9c74f',
      c: '#f07167',
      ink: '#a9774f',
      light: '#ffffff',
    },
  ],
  driver: [
    {
      bg: ['#9fd0f0', '#fde5c4'],
      glow: '#ffd27a',
      a: '#5f9e6e',
      b: '#5aa0d8',
      c: '#e2463f',
      ink: '#33363f',
      light: '#ffffff',
    },
    {
      bg: ['#f8b195', '#fbe3c0'],
      glow: '#ffe08a',
      a: '#6a9a63',
      b: '#6c8fd0',
      c: '#2f6fb0',
      ink: '#2f3038',
      light: '#ffffff',
    },
    {
      bg: ['#a8c0ff', '#e8d8f5'],
      glow: '#fff1c4',
      a: '#5d8d7b',
      b: '#f0a25a',
      c: '#f2c14e',
      ink: '#2d2f3b',
      light: '#ffffff',
    },
    {
      bg: ['#7cc6c3', '#f5e8c8'],
      glow: '#ffe7a1',
      a: '#4f8f62',
      b: '#e36b5b',
      c: '#1f2937',
      ink: '#3a3d46',
      light: '#ffffff',
    },
  ],
  beauty: [
    {
      bg: ['#fde4ea', '#f7c6d3'],
      glow: '#fff2f5',
      a: '#86b49a',
      b: '#f4a7b9',
      c: '#d6336c',
      ink: '#2b2230',
      light: '#ffffff',
    },
    {
      bg: ['#efe3fa', '#d9c4f0'],
      glow: '#fff7ff',
      a: '#8fb8a8',
      b: '#c9a7ea',
      c: '#9c36b5',
      ink: '#2a2135',
      light: '#ffffff',
    },
    {
      bg: ['#fdeadf', '#f6cdb8'],
      glow: '#fff6ee',
      a: '#9bb88a',
      b: '#f2b49b',
      c: '#e0533d',
      ink: '#33241f',
      light: '#ffffff',
    },
  ],
  fitness: [
    {
      bg: ['#2ec4b6', '#1b998b'],
      glow: '#c6fff6',
      a: '#ff9f1c',
      b: '#ef476f',
      c: '#3a86ff',
      ink: '#1d2433',
      light: '#ffffff',
    },
    {
      bg: ['#ffb347', '#ff7f50'],
      glow: '#ffe6b0',
      a: '#3a86ff',
      b: '#2b2d42',
      c: '#06d6a0',
      ink: '#22223b',
      light: '#ffffff',
    },
    {
      bg: ['#6c63ff', '#4a43c9'],
      glow: '#d9d6ff',
      a: '#ff6b6b',
      b: '#ffd166',
      c: '#06d6a0',
      ink: '#1f1b3a',
      light: '#ffffff',
    },
  ],
};

const SCENES: Record<IllustrationCategory, Scene> = {
  massage,
  tours,
  'private-chef': privateChef,
  doctor,
  yoga,
  babysitting,
  driver,
  beauty,
  fitness,
};

/** Scenes without text, which may be drawn mirrored for variety. */
const MIRROR_SAFE = new Set<IllustrationCategory>([
  'massage',
  'tours',
  'private-chef',
  'doctor',
  'yoga',
  'driver',
  'beauty',
]);

const TITLES: Record<IllustrationCategory, string> = {
  massage: 'Massage illustration',
  tours: 'Tours illustration',
  'private-chef': 'Private chef illustration',
  doctor: 'Doctor illustration',
  yoga: 'Yoga illustration',
  babysitting: 'Babysitting illustration',
  driver: 'Driver illustration',
  beauty: 'Beauty illustration',
  fitness: 'Fitness illustration',
};

/** A 4:3 (800x600) illustration of `category`; `n` picks the palette, layout and details. */
export function renderServiceIllustration(category: IllustrationCategory, n: number): string {
  const variant = Math.max(1, Math.floor(n));
  const palettes = PALETTES[category];
  const palette = palettes[(variant - 1) % palettes.length] as Palette;
  // Layout variant changes once per palette cycle, so consecutive numbers differ in colour and layout.
  const layout = variant - 1 + Math.floor((variant - 1) / palettes.length);
  const mirror = MIRROR_SAFE.has(category) && Math.floor((variant - 1) / palettes.length) % 2 === 1;
  // The backdrop scene moves on with every variant and skips a step once per palette cycle, so
  // (palette, backdrop) pairs do not repeat within the designed variants.
  const scene = (variant - 1 + Math.floor((variant - 1) / palettes.length)) % BACKDROP_SCENES;
  const cv = new Canvas();
  SCENES[category](cv, new Rng(`${category}:${variant}`), { ...palette, scene }, layout);
  return cv.render(ILLUSTRATION_WIDTH, ILLUSTRATION_HEIGHT, TITLES[category], mirror);
}

const AVATAR_GRADIENTS: [string, string][] = [
  ['#f6a6b2', '#e05780'],
  ['#ffd29d', '#f08a4b'],
  ['#a0e7c8', '#2a9d8f'],
  ['#9ad0f5', '#3d7dd8'],
  ['#c8b6ff', '#7b5cd6'],
  ['#ffc6a8', '#e76f51'],
  ['#b5e48c', '#52a06b'],
  ['#f9d56e', '#e59f22'],
  ['#a8dadc', '#457b9d'],
  ['#f4b6d2', '#b5578f'],
  ['#90e0ef', '#0096c7'],
  ['#d4a5a5', '#8c5a7a'],
];

/** A square avatar: a gradient chosen from `seed` with the initials (escaped) or an abstract mark. */
export function renderAvatar(seed: string, initials?: string): string {
  const r = new Rng(`avatar:${seed}`);
  const [from, to] = AVATAR_GRADIENTS[hashString(seed) % AVATAR_GRADIENTS.length] as [string, string];
  const cv = new Canvas();
  const bg = cv.linear(
    'abg',
    [
      [0, from],
      [1, to],
    ],
    0,
    0,
    1,
    1,
  );
  cv.add(
    `<rect width="128" height="128" fill="${bg}"/>`,
    `<circle cx="${f(r.range(90, 120))}" cy="${f(r.range(0, 30))}" r="${f(r.range(40, 56))}" fill="#ffffff" opacity="0.16"/>`,
    `<circle cx="${f(r.range(0, 30))}" cy="${f(r.range(100, 128))}" r="${f(r.range(30, 46))}" fill="#ffffff" opacity="0.12"/>`,
  );
  const text = Array.from(initials ?? '')
    .filter((ch) => ch.trim() !== '')
    .slice(0, 3)
    .join('');
  const label = text || initialsOf(seed.replace(/[-_.]+/g, ' '));
  if (label) {
    const size = Array.from(label).length > 2 ? 40 : 52;
    cv.add(
      `<text x="64" y="66" dy="0.35em" font-family="Inter, system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" font-weight="600" font-size="${size}" fill="#ffffff" text-anchor="middle" letter-spacing="1">${escapeXml(label)}</text>`,
    );
  } else {
    cv.add(
      `<circle cx="64" cy="52" r="20" fill="#ffffff" opacity="0.9"/><path d="M28 108C32 84 48 76 64 76S96 84 100 108Z" fill="#ffffff" opacity="0.9"/>`,
    );
  }
  return cv.render(128, 128, label ? `Avatar ${label}` : 'Avatar');
}
