/**
 * The demo's picture painter: deal illustrations drawn as small SVGs, so the demo catalogue has
 * finished-looking pictures without shipping photos. Pure: the same theme, seed and size always give
 * the same bytes. Each theme is a gradient backdrop with a few flat shapes that say what the deal is.
 * The seed paints each picture once into the media folder (./pictures.ts); the shop serves the files
 * (docs/decisions/002-generated-deal-images.md, docs/decisions/036-demo-data-outside-the-shop.md).
 */

export const DEAL_IMAGE_THEMES = [
  'spa',
  'afternoon-tea',
  'restaurant',
  'drinks',
  'beauty',
  'fitness',
  'course',
  'activity',
  'travel-beach',
  'travel-city',
  'travel-uk',
  'shop-tech',
  'shop-home',
  'shop-fashion',
  'health',
] as const;

export type DealImageTheme = (typeof DEAL_IMAGE_THEMES)[number];

export interface DealImageOptions {
  theme: DealImageTheme;
  seed: number;
  width: number;
  height: number;
  /** Accessible name; defaults to a description of the theme. */
  label?: string;
}

/** True when the value names one of the image themes. */
export function isDealImageTheme(value: unknown): value is DealImageTheme {
  return typeof value === 'string' && (DEAL_IMAGE_THEMES as readonly string[]).includes(value);
}

/** The public path of a deal's image, e.g. /images/deals/spa/31000001-0.svg. */
export function dealImagePath(theme: DealImageTheme, dealId: number, position: number): string {
  return `/images/deals/${theme}/${dealId}-${position}.svg`;
}

/** Reads a path made by dealImagePath back into its parts, or null when it is not one. */
export function parseDealImagePath(path: string): { theme: DealImageTheme; dealId: number; position: number } | null {
  const match = /^\/images\/deals\/([a-z-]+)\/(\d{1,12})-(\d{1,3})\.svg$/.exec(path);
  if (!match) return null;
  const [, theme, dealId, position] = match;
  if (!isDealImageTheme(theme)) return null;
  return { theme, dealId: Number(dealId), position: Number(position) };
}

/** The drawing seed for one image of a deal, so each picture of a deal looks different. */
export function dealImageSeed(dealId: number, position: number): number {
  return (Math.imul(dealId, 31) + position * 7919) >>> 0;
}

const THEME_LABELS: Record<DealImageTheme, string> = {
  spa: 'Spa stones, candles and still water',
  'afternoon-tea': 'Afternoon tea with a cake stand and teacup',
  restaurant: 'A plated meal with cutlery and wine',
  drinks: 'Cocktails on a bar at night',
  beauty: 'Beauty products and a mirror',
  fitness: 'Dumbbell and kettlebell',
  course: 'An easel, books and a pencil',
  activity: 'Hot air balloons over green hills',
  'travel-beach': 'A palm-fringed beach in the sun',
  'travel-city': 'A city skyline at dusk',
  'travel-uk': 'A cottage among rolling hills',
  'shop-tech': 'A laptop, phone and headphones',
  'shop-home': 'A sofa, lamp and house plant',
  'shop-fashion': 'Shopping bags, a dress and a ring',
  health: 'A health cross, heart and capsules',
};

/** top, bottom, then four accent colours. */
type Palette = readonly [string, string, string, string, string, string];

const PALETTES: Record<DealImageTheme, readonly Palette[]> = {
  spa: [
    ['#d8efe9', '#7fb8ad', '#56656a', '#8d9a9b', '#fff3dc', '#5e9c66'],
    ['#e7e1f3', '#a99bc9', '#4d4a5e', '#857f96', '#fff6e6', '#6f9a7a'],
  ],
  'afternoon-tea': [
    ['#fde4e8', '#f6b3c1', '#fff8f1', '#c8a163', '#f28aa7', '#8fd3c7'],
    ['#e4f3ee', '#a8d8c8', '#fffaf3', '#c2a26b', '#f4a6b8', '#f7d488'],
  ],
  restaurant: [
    ['#f8dcb8', '#e07a5f', '#6d3f24', '#ffffff', '#7cb342', '#c0392b'],
    ['#fbe7c6', '#c9855a', '#4e342e', '#fdfdfd', '#8bc34a', '#e67e22'],
  ],
  drinks: [
    ['#241a45', '#7a2e63', '#1a1230', '#e8f4ff', '#ff6f91', '#ffc75f'],
    ['#0f2c3f', '#1f7a8c', '#0b1d29', '#e8f7ff', '#00c9a7', '#f9f871'],
  ],
  beauty: [
    ['#fdeaf0', '#f3b2c4', '#d1537f', '#8e5572', '#e9c46a', '#ffffff'],
    ['#f3e8ff', '#c9a7eb', '#9b4dca', '#5e3a87', '#f2c14e', '#ffffff'],
  ],
  fitness: [
    ['#ffd166', '#ef476f', '#2b2d42', '#8d99ae', '#06d6a0', '#ffffff'],
    ['#a0e7e5', '#118ab2', '#22223b', '#4a4e69', '#ffb703', '#ffffff'],
  ],
  course: [
    ['#fff3c4', '#ffc58f', '#3d5a80', '#ee6c4d', '#98c1d9', '#8d6e63'],
    ['#e3f2fd', '#a5c8f0', '#283d70', '#f4845f', '#7ec4b8', '#795548'],
  ],
  activity: [
    ['#9fd3ff', '#e6f6ff', '#6ab04c', '#3e8e41', '#ff6b6b', '#feca57'],
    ['#ffd6a5', '#fff1e0', '#7fb069', '#4f772d', '#4d96ff', '#ff6b6b'],
  ],
  'travel-beach': [
    ['#6ec6f0', '#fde9c9', '#1e88b4', '#f4d58d', '#2f9e44', '#fff1a8'],
    ['#ff9eb5', '#ffd6a0', '#3a6ea5', '#f2cc8f', '#2b8a3e', '#fff4c2'],
  ],
  'travel-city': [
    ['#1d3557', '#e9806e', '#14213d', '#3b4a6b', '#ffd166', '#f1faee'],
    ['#3c1642', '#f4a259', '#1b0f2e', '#4a2c5a', '#ffe66d', '#fdf0d5'],
  ],
  'travel-uk': [
    ['#bfe3f2', '#f2f9ec', '#8cc084', '#5b8c51', '#3f6d3a', '#f6efe0'],
    ['#ffd7ba', '#fff4e8', '#a3c585', '#6a994e', '#386641', '#fbf3e4'],
  ],
  'shop-tech': [
    ['#caf0f8', '#48b5e4', '#1b263b', '#90e0ef', '#ff7b9c', '#f8f9fa'],
    ['#e0e1ff', '#7b8cde', '#202040', '#b8c0ff', '#ffd166', '#f8f9fa'],
  ],
  'shop-home': [
    ['#f7ede2', '#f5cac3', '#84a59d', '#f28482', '#6d597a', '#f6bd60'],
    ['#edf2f4', '#c9d6df', '#52796f', '#e76f51', '#3d405b', '#e9c46a'],
  ],
  'shop-fashion': [
    ['#f8edeb', '#d8b4e2', '#e5989b', '#6d6875', '#ffcdb2', '#e9c46a'],
    ['#fff1e6', '#f0b8a6', '#264653', '#e76f51', '#2a9d8f', '#e9c46a'],
  ],
  health: [
    ['#e0f7fa', '#80deea', '#ffffff', '#00897b', '#ef5350', '#9ccc65'],
    ['#edf7ed', '#a5d6a7', '#ffffff', '#2e7d32', '#ec407a', '#4fc3f7'],
  ],
};

interface Pen {
  rng: () => number;
  /** An integer in [min, max]. */
  int: (min: number, max: number) => number;
  p: Palette;
  id: string;
}

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = ''): string =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"${extra}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = ''): string =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra}/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"${extra}/>`;
const path = (d: string, fill: string, extra = ''): string => `<path d="${d}" fill="${fill}"${extra}/>`;
const line = (d: string, stroke: string, width: number, extra = ''): string =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round"${extra}/>`;

/** Soft light circles scattered over the backdrop. */
function bokeh(pen: Pen, count: number, colour: string, maxY = 300): string {
  let out = '';
  for (let i = 0; i < count; i += 1)
    out += circle(pen.int(20, 780), pen.int(20, maxY), pen.int(8, 34), colour, ` opacity=".${pen.int(15, 35)}"`);
  return out;
}

function cloud(x: number, y: number, s: number): string {
  return path(
    `M${x} ${y}h${110 * s}a${22 * s} ${22 * s} 0 0 0-${20 * s}-${30 * s}a${30 * s} ${30 * s} 0 0 0-${55 * s}-${8 * s}a${24 * s} ${24 * s} 0 0 0-${35 * s} ${38 * s}z`,
    '#fff',
    ' opacity=".85"',
  );
}

function sparkle(x: number, y: number, s: number, fill: string): string {
  return path(
    `M${x} ${y - s}Q${x} ${y} ${x + s} ${y}Q${x} ${y} ${x} ${y + s}Q${x} ${y} ${x - s} ${y}Q${x} ${y} ${x} ${y - s}z`,
    fill,
  );
}

const DRAW: Record<DealImageTheme, (pen: Pen) => string> = {
  spa(pen) {
    const [, , dark, light, wax, leaf] = pen.p;
    const cx = pen.int(330, 470);
    let out = bokeh(pen, 6, '#fff') + rect(0, 370, 800, 130, '#fff', ' opacity=".25"');
    out += ellipse(400, 440, 360, 30, '#fff', ' opacity=".2"');
    const stones: ReadonlyArray<readonly [number, number, number]> = [
      [385, 130, 34],
      [330, 104, 28],
      [283, 80, 24],
      [246, 54, 19],
    ];
    stones.forEach(([y, rx, ry], i) => {
      out += ellipse(cx + pen.int(-8, 8), y, rx, ry, i % 2 ? light : dark);
    });
    const left = pen.int(70, 110);
    for (const [x, h] of [
      [left, pen.int(90, 120)],
      [left + 70, pen.int(55, 80)],
    ] as const) {
      out += circle(x + 22, 392 - h - 24, 40, '#ffd98a', ' opacity=".3"') + rect(x, 392 - h, 44, h, wax, ' rx="6"');
      out +=
        path(`M${x + 22} ${392 - h - 42}q16 22 0 34q-16-12 0-34z`, '#ffb547') +
        rect(x + 20, 392 - h - 10, 4, 10, '#5d4037');
    }
    out += path(`M600 ${pen.int(390, 410)}C630 300 700 280 760 220C740 320 690 380 600 400z`, leaf, ' opacity=".85"');
    out += path(
      `M620 ${pen.int(395, 410)}C660 340 700 330 720 300`,
      'none',
      ' stroke="#fff" stroke-width="3" opacity=".4"',
    );
    return out;
  },
  'afternoon-tea'(pen) {
    const [, , cloth, gold, cake, mint] = pen.p;
    const cx = pen.int(480, 560);
    let out = rect(0, 380, 800, 120, cloth) + rect(0, 380, 800, 8, '#000', ' opacity=".06"');
    out += rect(cx - 4, 140, 8, 240, gold) + circle(cx, 134, 10, gold);
    const tiers: ReadonlyArray<readonly [number, number]> = [
      [370, 125],
      [290, 98],
      [210, 72],
    ];
    for (const [y, rx] of tiers) {
      const n = rx > 100 ? 4 : rx > 80 ? 3 : 2;
      for (let i = 0; i < n; i += 1) {
        const x = cx - rx + 30 + (i * (2 * rx - 60)) / Math.max(1, n - 1);
        const fill = pen.rng() > 0.5 ? cake : mint;
        out +=
          path(`M${Math.round(x) - 18} ${y - 4}v-16a18 14 0 0 1 36 0v16z`, fill) +
          circle(Math.round(x), y - 36, 5, '#d62839');
      }
      out += ellipse(cx, y, rx, 12, '#fff', ` stroke="${gold}" stroke-width="3"`);
    }
    const tx = pen.int(170, 250);
    out += ellipse(tx, 388, 80, 14, '#fff', ` stroke="${gold}" stroke-width="2"`);
    out += path(`M${tx - 50} 300h100q0 80-50 80q-50 0-50-80z`, '#fff', ` stroke="${gold}" stroke-width="3"`);
    out += circle(tx + 58, 330, 18, 'none', ` stroke="${gold}" stroke-width="6"`);
    for (const dx of [-20, 5, 28]) out += line(`M${tx + dx} 285q-12-20 0-40q12-20 0-40`, '#fff', 5, ' opacity=".7"');
    return out;
  },
  restaurant(pen) {
    const [, , wood, plate, greens, sauce] = pen.p;
    let out = rect(0, 300, 800, 200, wood) + rect(0, 300, 800, 10, '#000', ' opacity=".15"');
    for (const x of [200, 400, 600])
      out +=
        line(`M${x} 0v60`, '#3b2a20', 3) +
        path(`M${x - 40} 100a40 40 0 0 1 80 0z`, '#3b2a20') +
        circle(x, 104, 14, '#ffe29a', ' opacity=".9"');
    const cx = pen.int(360, 420);
    out += ellipse(cx, 390, 170, 70, plate) + ellipse(cx, 390, 120, 48, '#f3efe6');
    for (let i = 0; i < 4; i += 1)
      out += circle(
        cx + pen.int(-70, 70),
        390 + pen.int(-22, 18),
        pen.int(14, 26),
        [greens, sauce, '#8d5a2b', '#f4d35e'][i] ?? greens,
      );
    out += rect(cx - 235, 350, 12, 100, '#d9d9d9', ' rx="6"') + rect(cx - 245, 336, 32, 20, '#d9d9d9', ' rx="6"');
    for (const dx of [-245, -234, -223]) out += rect(cx + dx, 300, 6, 44, '#d9d9d9', ' rx="3"');
    out += rect(cx + 215, 320, 16, 130, '#d9d9d9', ' rx="8"');
    const wx = pen.int(640, 700);
    out +=
      path(`M${wx - 40} 180h80q0 80-40 80q-40 0-40-80z`, '#fff', ' opacity=".55"') +
      path(`M${wx - 36} 215h72q-6 40-36 40q-30 0-36-40z`, '#8e1b3a');
    out += rect(wx - 3, 258, 6, 70, '#fff', ' opacity=".7"') + ellipse(wx, 330, 34, 8, '#fff', ' opacity=".7"');
    return out;
  },
  drinks(pen) {
    const [, , bar, glass, pink, gold] = pen.p;
    let out = bokeh(pen, 10, gold, 320) + bokeh(pen, 4, pink, 260);
    out += rect(0, 400, 800, 100, bar) + rect(0, 396, 800, 8, gold, ' opacity=".6"');
    const mx = pen.int(250, 320);
    out += path(`M${mx - 90} 200h180l-90 100z`, glass, ' opacity=".35"') + path(`M${mx - 70} 212h140l-70 78z`, pink);
    out += rect(mx - 4, 300, 8, 80, glass, ' opacity=".8"') + ellipse(mx, 392, 50, 9, glass, ' opacity=".8"');
    out += circle(mx + 70, 204, 22, '#9be15d') + circle(mx + 70, 204, 14, '#c7f29b');
    const hx = pen.int(480, 560);
    out += rect(hx, 220, 100, 176, glass, ' rx="8" opacity=".35"') + rect(hx + 6, 270, 88, 120, gold, ' rx="4"');
    for (let i = 0; i < 3; i += 1)
      out += rect(hx + 12 + i * 26, 280 + pen.int(0, 30), 24, 24, '#fff', ' rx="4" opacity=".5"');
    out += line(`M${hx + 70} 390L${hx + 92} 170`, pink, 8);
    return out;
  },
  beauty(pen) {
    const [, , rose, plum, gold, white] = pen.p;
    let out = rect(0, 400, 800, 100, white, ' opacity=".5"');
    const mx = pen.int(560, 620);
    out +=
      circle(mx, 230, 120, white, ` stroke="${gold}" stroke-width="12"`) +
      path(`M${mx - 60} 170q40-40 90-20`, 'none', ` stroke="${rose}" stroke-width="10" opacity=".25"`);
    out += rect(mx - 8, 350, 16, 50, gold);
    const bx = pen.int(140, 200);
    out +=
      rect(bx, 300, 90, 100, rose, ' rx="18"') +
      rect(bx + 30, 230, 30, 74, plum, ' rx="6"') +
      rect(bx + 14, 320, 20, 56, white, ' rx="8" opacity=".35"');
    const lx = bx + 150;
    out +=
      rect(lx, 300, 50, 100, plum, ' rx="6"') +
      rect(lx + 6, 260, 38, 44, gold) +
      path(`M${lx + 8} 262v-50l34 22v28z`, rose);
    for (let i = 0; i < 5; i += 1) out += sparkle(pen.int(40, 760), pen.int(30, 200), pen.int(8, 18), gold);
    return out;
  },
  fitness(pen) {
    const [, , iron, steel, accent, white] = pen.p;
    let out = '';
    for (let i = 0; i < 4; i += 1) {
      const x = pen.int(-100, 700);
      out += path(`M${x} 0h60l-220 500h-60z`, white, ' opacity=".12"');
    }
    out += rect(0, 400, 800, 100, iron, ' opacity=".85"');
    const dy = pen.int(310, 340);
    out += rect(200, dy - 8, 280, 16, steel, ' rx="8"');
    for (const x of [200, 232, 416, 448]) out += rect(x, dy - (x % 3 ? 60 : 45), 32, x % 3 ? 120 : 90, iron, ' rx="8"');
    const kx = pen.int(590, 640);
    out +=
      circle(kx, 340, 62, accent) +
      path(`M${kx - 38} 300v-40a38 38 0 0 1 76 0v40`, 'none', ` stroke="${accent}" stroke-width="18"`);
    out += rect(90, 280, 46, 120, white, ' rx="14" opacity=".9"') + rect(100, 262, 26, 22, accent, ' rx="4"');
    return out;
  },
  course(pen) {
    const [, , navy, coral, sky, wood] = pen.p;
    let out = rect(0, 420, 800, 80, wood, ' opacity=".35"');
    const ex = pen.int(440, 500);
    out += line(`M${ex} 110L${ex - 90} 430M${ex} 110L${ex + 90} 430M${ex} 110v320`, wood, 10);
    out +=
      rect(ex - 110, 130, 220, 170, '#fff', ` stroke="${wood}" stroke-width="6"`) + rect(ex - 100, 140, 200, 150, sky);
    out += path(`M${ex - 100} 290l70-70l50 40l40-30l40 60z`, coral) + circle(ex + 60, 175, 18, '#ffd166');
    const colours = [navy, coral, sky];
    colours.forEach((fill, i) => {
      out +=
        rect(110 + pen.int(-8, 8), 400 - i * 34, 170, 32, fill, ' rx="4"') +
        rect(122, 412 - i * 34, 140, 4, '#fff', ' opacity=".6"');
    });
    out += path(`M590 440l120-110l18 18l-120 110l-26 8z`, '#ffd166') + path('M710 330l18 18l12-12l-18-18z', coral);
    return out;
  },
  activity(pen) {
    const [, , hill, hillDark, balloon, stripe] = pen.p;
    let out =
      circle(pen.int(620, 720), 90, 46, '#fff3b0') +
      cloud(pen.int(60, 160), 120, 1) +
      cloud(pen.int(420, 520), 80, 0.7);
    out +=
      path('M0 380Q200 300 420 370T800 340V500H0z', hill) + path('M0 440Q260 380 520 430T800 420V500H0z', hillDark);
    const bx = pen.int(260, 360);
    const by = pen.int(150, 190);
    out += path(
      `M${bx} ${by + 120}C${bx - 130} ${by + 20} ${bx - 90} ${by - 110} ${bx} ${by - 110}C${bx + 90} ${by - 110} ${bx + 130} ${by + 20} ${bx} ${by + 120}z`,
      balloon,
    );
    out += path(
      `M${bx} ${by + 120}C${bx - 40} ${by + 40} ${bx - 40} ${by - 80} ${bx} ${by - 110}C${bx + 40} ${by - 80} ${bx + 40} ${by + 40} ${bx} ${by + 120}z`,
      stripe,
    );
    out +=
      line(`M${bx - 30} ${by + 100}l8 40M${bx + 30} ${by + 100}l-8 40`, '#5d4037', 3) +
      rect(bx - 24, by + 140, 48, 32, '#8d6e63', ' rx="4"');
    const sx = pen.int(560, 640);
    out += ellipse(sx, 220, 34, 42, stripe) + rect(sx - 9, 268, 18, 14, '#8d6e63');
    return out;
  },
  'travel-beach'(pen) {
    const [, , sea, sand, palm, sun] = pen.p;
    let out = circle(pen.int(520, 660), 150, 90, sun, ' opacity=".35"') + circle(pen.int(540, 640), 150, 58, sun);
    out += rect(0, 290, 800, 120, sea) + rect(0, 290, 800, 6, '#fff', ' opacity=".3"');
    for (let i = 0; i < 4; i += 1)
      out += line(`M${pen.int(20, 600)} ${pen.int(310, 380)}h${pen.int(60, 140)}`, '#fff', 4, ' opacity=".45"');
    out += path('M0 400Q300 350 800 380V500H0z', sand);
    const px = pen.int(150, 230);
    out += line(`M${px} 470Q${px + 10} 330 ${px + 70} 200`, '#8d5b3a', 18);
    const tx = px + 70;
    const leaves = [
      `M${tx} 200q-90-40-150 20q80-30 150-20z`,
      `M${tx} 200q-40-80-130-80q90 10 130 80z`,
      `M${tx} 200q40-90 140-70q-90-10-140 70z`,
      `M${tx} 200q100-20 150 50q-70-40-150-50z`,
    ];
    for (const d of leaves) out += path(d, palm);
    out += circle(tx - 6, 212, 10, '#6d4c2f') + circle(tx + 10, 214, 10, '#6d4c2f');
    const ux = pen.int(520, 640);
    out += line(`M${ux} 460L${ux + 20} 340`, '#fff', 6) + path(`M${ux - 60} 350a80 40 0 0 1 160-20z`, '#ef476f');
    for (let i = 0; i < 2; i += 1)
      out += line(`M${pen.int(300, 460)} ${pen.int(60, 140)}q12-10 24 0q12-10 24 0`, '#fff', 4);
    return out;
  },
  'travel-city'(pen) {
    const [, , front, back, lit, moon] = pen.p;
    const id = pen.id;
    let out = `<defs><pattern id="w${id}" width="24" height="30" patternUnits="userSpaceOnUse"><rect x="6" y="8" width="10" height="12" fill="${lit}" opacity=".8"/></pattern></defs>`;
    out += circle(pen.int(100, 250), 100, 40, moon, ' opacity=".9"');
    let x = 0;
    while (x < 800) {
      const w = pen.int(50, 90);
      out += rect(x, pen.int(170, 280), w, 400, back);
      x += w;
    }
    const tx = pen.int(520, 640);
    out += rect(tx, 150, 50, 300, front) + path(`M${tx - 6} 150l31-70l31 70z`, front) + circle(tx + 25, 190, 14, moon);
    x = 0;
    while (x < 800) {
      const w = pen.int(60, 110);
      const top = pen.int(260, 360);
      if (x + w < tx || x > tx + 50) out += rect(x, top, w, 300, front) + rect(x, top + 10, w, 290, `url(#w${id})`);
      x += w + pen.int(0, 10);
    }
    out += rect(0, 440, 800, 60, front) + rect(0, 446, 800, 3, lit, ' opacity=".4"');
    return out;
  },
  'travel-uk'(pen) {
    const [, , hillLight, hill, hillDark, wall] = pen.p;
    let out =
      circle(pen.int(600, 720), 90, 40, '#fff3b0') +
      cloud(pen.int(80, 200), 110, 0.9) +
      cloud(pen.int(380, 480), 70, 0.6);
    out +=
      path('M0 300Q180 220 380 290T800 260V500H0z', hillLight) + path('M0 370Q250 300 500 360T800 340V500H0z', hill);
    const cx = pen.int(380, 460);
    out += rect(cx + 110, 250, 22, 50, '#8d6e63') + line(`M${cx + 121} 240q10-20 0-40`, '#fff', 6, ' opacity=".7"');
    out +=
      rect(cx, 300, 200, 110, wall) + path(`M${cx - 20} 305l120-80l120 80z`, pen.rng() > 0.5 ? '#8c5a3c' : '#c99e5a');
    out +=
      rect(cx + 85, 345, 30, 65, '#4e6e58', ' rx="14"') +
      rect(cx + 25, 330, 36, 30, '#a7d3f0') +
      rect(cx + 140, 330, 36, 30, '#a7d3f0');
    out += path('M0 430Q300 390 800 430V500H0z', hillDark);
    for (const tx of [pen.int(80, 160), pen.int(660, 740)])
      out += rect(tx - 6, 330, 12, 60, '#6d4c41') + circle(tx, 315, 38, hillDark);
    for (let i = 0; i < 3; i += 1) {
      const sx = pen.int(150, 650);
      const sy = pen.int(440, 470);
      out += ellipse(sx, sy, 20, 13, '#fff') + circle(sx + 20, sy - 4, 7, '#333');
    }
    return out;
  },
  'shop-tech'(pen) {
    const [, , body, screen, accent, white] = pen.p;
    let out = bokeh(pen, 5, white, 480) + rect(0, 420, 800, 80, white, ' opacity=".35"');
    const lx = pen.int(230, 280);
    out += rect(lx, 170, 300, 200, body, ' rx="14"') + rect(lx + 14, 184, 272, 172, screen, ' rx="4"');
    out +=
      rect(lx + 34, 210, 110, 70, white, ' rx="6" opacity=".7"') +
      rect(lx + 160, 210, 104, 30, accent, ' rx="6"') +
      rect(lx + 160, 250, 80, 12, white, ' rx="6" opacity=".7"');
    out += path(`M${lx - 40} 370h380l-30 34h-320z`, body);
    const px = pen.int(600, 640);
    out +=
      rect(px, 230, 90, 180, body, ' rx="16"') +
      rect(px + 8, 246, 74, 148, accent, ' rx="6"') +
      circle(px + 45, 300, 20, white, ' opacity=".6"');
    out +=
      path('M80 330a70 70 0 0 1 140 0', 'none', ` stroke="${body}" stroke-width="14"`) +
      rect(66, 320, 34, 64, accent, ' rx="12"') +
      rect(200, 320, 34, 64, accent, ' rx="12"');
    return out;
  },
  'shop-home'(pen) {
    const [, , sofa, cushion, frame, lamp] = pen.p;
    let out = rect(0, 400, 800, 100, '#fff', ' opacity=".4"');
    const fx = pen.int(300, 360);
    out +=
      rect(fx, 90, 150, 110, frame, ' rx="4"') +
      rect(fx + 12, 102, 126, 86, '#fff', ' opacity=".8"') +
      path(`M${fx + 12} 188l40-40l30 25l25-20l31 35z`, cushion);
    const sx = pen.int(230, 280);
    out +=
      rect(sx, 250, 320, 100, sofa, ' rx="26"') +
      rect(sx - 20, 300, 360, 80, sofa, ' rx="20"') +
      rect(sx - 40, 280, 60, 110, sofa, ' rx="24"') +
      rect(sx + 300, 280, 60, 110, sofa, ' rx="24"');
    out +=
      rect(sx + 40, 270, 80, 60, cushion, ' rx="14"') +
      rect(sx + 200, 270, 80, 60, lamp, ' rx="14"') +
      rect(sx, 390, 10, 24, frame) +
      rect(sx + 310, 390, 10, 24, frame);
    const lx = pen.int(100, 140);
    out +=
      path(`M${lx - 40} 240h80l-20-70h-40z`, lamp) + rect(lx - 3, 240, 6, 170, frame) + ellipse(lx, 412, 34, 8, frame);
    const px = pen.int(660, 710);
    out += path(`M${px - 34} 350h68l-10 60h-48z`, cushion);
    for (const [dx, dy, r] of [
      [-30, 300, -30],
      [0, 280, 0],
      [30, 300, 30],
    ] as const)
      out += ellipse(px + dx, dy, 16, 48, '#5a8f5a', ` transform="rotate(${r} ${px + dx} ${dy})"`);
    return out;
  },
  'shop-fashion'(pen) {
    const [, , bagA, bagB, bagC, gold] = pen.p;
    let out = rect(0, 420, 800, 80, '#fff', ' opacity=".35"');
    const bags: ReadonlyArray<readonly [number, number, number, string]> = [
      [pen.int(90, 130), 260, 150, bagA],
      [pen.int(230, 260), 300, 120, bagB],
      [pen.int(340, 370), 240, 170, bagC],
    ];
    for (const [x, y, h, fill] of bags) {
      const w = Math.round(h * 0.8);
      out += path(
        `M${x + w * 0.3} ${y}v-30a${w * 0.2} ${w * 0.2} 0 0 1 ${w * 0.4} 0v30`,
        'none',
        ` stroke="${bagB}" stroke-width="6"`,
      );
      out += rect(x, y, w, h, fill, ' rx="6"') + rect(x, y + 20, w, 10, '#fff', ' opacity=".35"');
    }
    const dx = pen.int(590, 640);
    out += line(`M${dx} 110v-14a12 12 0 1 1 12 12M${dx - 70} 150l70-40l70 40z`, bagB, 5);
    out += path(`M${dx - 40} 150h80l-10 60l50 200h-160l50-200z`, bagA) + rect(dx - 34, 200, 68, 12, gold);
    out +=
      circle(720, 420, 26, 'none', ` stroke="${gold}" stroke-width="8"`) + path('M708 386l12-16l12 16l-12 10z', '#fff');
    for (let i = 0; i < 4; i += 1) out += sparkle(pen.int(40, 760), pen.int(30, 180), pen.int(8, 16), gold);
    return out;
  },
  health(pen) {
    const [, , white, teal, heart, leaf] = pen.p;
    let out = bokeh(pen, 6, white, 480);
    const cx = pen.int(360, 440);
    out += circle(cx, 230, 130, white) + path(`M${cx - 25} 150h50v55h55v50h-55v55h-50v-55h-55v-50h55z`, teal);
    const hx = pen.int(150, 200);
    out += path(`M${hx} 390c-60-40-80-70-80-100a40 40 0 0 1 80-10a40 40 0 0 1 80 10c0 30-20 60-80 100z`, heart);
    const px = pen.int(590, 640);
    out += `<g transform="rotate(-30 ${px} 360)">${rect(px - 60, 335, 60, 50, heart, ' rx="25"')}${rect(px - 25, 335, 85, 50, white, ' rx="25"')}${rect(px - 25, 335, 25, 50, heart)}</g>`;
    out += path(`M640 ${pen.int(150, 190)}c40-60 100-60 120-50c-10 60-60 100-120 50z`, leaf);
    return out;
  },
};

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch] ?? ch,
  );
}

/** A mulberry32 stream; kept here so the domain stays free of server imports. */
function seededStream(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Draws a deal illustration. The picture is laid out on an 800x500 canvas and scaled to
 * cover the requested size, so any card shape crops rather than stretches.
 */
export function renderDealImageSvg({ theme, seed, width, height, label }: DealImageOptions): string {
  const rng = seededStream(seed ^ 0x9e3779b9);
  const palettes = PALETTES[theme];
  const p = palettes[Math.floor(rng() * palettes.length)] ?? (palettes[0] as Palette);
  const id = `${theme.replace(/-/g, '')}${seed >>> 0}`;
  const pen: Pen = { rng, int: (min, max) => min + Math.floor(rng() * (max - min + 1)), p, id };
  const name = escapeXml(label ?? THEME_LABELS[theme]);
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 800 500" preserveAspectRatio="xMidYMid slice" role="img" aria-label="${name}">` +
    `<title>${name}</title>` +
    `<defs><linearGradient id="g${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p[0]}"/><stop offset="1" stop-color="${p[1]}"/></linearGradient></defs>` +
    `<rect width="800" height="500" fill="url(#g${id})"/>` +
    DRAW[theme](pen) +
    '</svg>'
  );
}
