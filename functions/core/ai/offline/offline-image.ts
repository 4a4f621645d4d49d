import { loadSharp } from '../../media/load-sharp';
import type { GeneratedImage, ImageRequest, ImageStyle } from '../ai-port';
import { type Rng, rng } from './seeded';

/**
 * Images without a model: an SVG composition drawn from the prompt and rendered to PNG by sharp.
 * The prompt seeds the palette (colour words in it win: "a blue sea" is blue) and the layout; the
 * style decides the look: REALISTIC a layered landscape with soft light and grain, DESIGN a flat
 * geometric poster with bold type, RENDER_3D shaded spheres and an isometric block, ANIME cel-shaded
 * hills with bold outlines, GENERAL a soft abstract mix; AUTO picks from the prompt's own words.
 */

const COLOUR_HUES: [RegExp, number][] = [
  [/\b(red|crimson|cherry|strawberr\w*|tomato|valentine)\b/i, 355],
  [/\b(orange|sunset|autumn|fall|pumpkin|tangerine|halloween)\b/i, 25],
  [/\b(yellow|gold\w*|sunny|lemon|honey|banana|sunflower)\b/i, 48],
  [/\b(green|forest|garden|leaf|leaves|nature|park|plant\w*|spring|mint|eco)\b/i, 125],
  [/\b(teal|turquoise|tropical|lagoon)\b/i, 175],
  [/\b(blue|sea|ocean|sky|water|beach|coast\w*|winter|ice|navy)\b/i, 210],
  [/\b(purple|violet|lavender|plum|night)\b/i, 275],
  [/\b(pink|rose|blossom|candy|flamingo)\b/i, 330],
  [/\b(brown|coffee|bread|bakery|wood\w*|chocolate|rustic|earth)\b/i, 30],
];

const STOP = new Set(
  'a an the and or of for with in on at to from by is are be our your my we you it this that these those into over under about as very some any new image picture photo photograph illustration style render showing show make create please'.split(
    ' ',
  ),
);

export function captionWords(prompt: string, max = 4): string[] {
  return prompt
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 2 && !STOP.has(w.toLowerCase()))
    .slice(0, max)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase());
}

function resolveStyle(style: ImageStyle, prompt: string): Exclude<ImageStyle, 'AUTO'> {
  if (style !== 'AUTO') return style;
  if (/\b(photo\w*|realistic|landscape|scenery|real)\b/i.test(prompt)) return 'REALISTIC';
  if (/\b(poster|logo|flat|graphic|banner|flyer|minimal\w*|typograph\w*)\b/i.test(prompt)) return 'DESIGN';
  if (/\b(3d|render\w*|isometric|clay|glossy|product shot)\b/i.test(prompt)) return 'RENDER_3D';
  if (/\b(anime|manga|cartoon|comic|kawaii|chibi)\b/i.test(prompt)) return 'ANIME';
  return 'GENERAL';
}

interface Palette {
  hue: number;
  hsl: (dh: number, s: number, l: number) => string;
}

function palette(prompt: string, r: Rng): Palette {
  const named = COLOUR_HUES.find(([re]) => re.test(prompt));
  const hue = named ? named[1] + r.between(-8, 8) : r.between(0, 360);
  return { hue, hsl: (dh, s, l) => `hsl(${(((hue + dh) % 360) + 360) % 360}, ${s}%, ${l}%)` };
}

const XML_ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' };
const esc = (s: string) => s.replace(/[<>&"']/g, (c) => XML_ENTITIES[c] ?? c);
const FONT = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';

/** A smooth ridge across the width: the silhouette of hills or mountains. */
function ridge(r: Rng, w: number, h: number, base: number, amp: number, points: number): string {
  const step = w / points;
  let d = `M0 ${h} L0 ${base}`;
  for (let i = 1; i <= points; i++) {
    const x = i * step;
    const y = base - r.between(0.2, 1) * amp;
    d += ` Q${x - step / 2} ${y - amp * r.between(-0.3, 0.5)} ${x} ${y}`;
  }
  return `${d} L${w} ${h} Z`;
}

function caption(words: string[], w: number, h: number, style: 'band' | 'poster' | 'plain', colour: string): string {
  if (!words.length) return '';
  const text = esc(words.join(' '));
  if (style === 'poster') {
    // Bold caps run about 0.72 em per character: the line fits the poster's width.
    const size = Math.round(Math.min(w / 9, (w * 0.86) / (text.length * 0.72)));
    const length = Math.min(w * 0.86, text.length * 0.72 * size);
    return `<text x="${w * 0.07}" y="${h * 0.86}" font-family="${FONT}" font-weight="bold" font-size="${size}" fill="${colour}" textLength="${length}" lengthAdjust="spacingAndGlyphs">${text.toUpperCase()}</text>`;
  }
  const size = Math.round(w / 26);
  const band =
    style === 'band'
      ? `<rect x="0" y="${h - size * 2.6}" width="${w}" height="${size * 2.6}" fill="black" fill-opacity="0.35"/>`
      : '';
  return `${band}<text x="${w / 2}" y="${h - size * 1.0}" text-anchor="middle" font-family="${FONT}" font-size="${size}" fill="${colour}">${text}</text>`;
}

function realistic(r: Rng, p: Palette, w: number, h: number, words: string[]): string {
  const sunX = r.between(0.2, 0.8) * w;
  const sunY = r.between(0.18, 0.4) * h;
  const layers = Array.from({ length: 4 }, (_, i) => {
    const base = h * (0.45 + i * 0.13);
    const light = 70 - i * 14;
    return `<path d="${ridge(r, w, h, base, h * (0.16 - i * 0.02), 5 + i * 2)}" fill="url(#layer${i})" ${i === 0 ? 'filter="url(#haze)"' : ''}/>
      <linearGradient id="layer${i}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.hsl(20 + i * 8, 35 - i * 3, light)}"/><stop offset="1" stop-color="${p.hsl(30 + i * 8, 30, light - 12)}"/></linearGradient>`;
  });
  return `
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.hsl(0, 55, 45)}"/><stop offset="0.6" stop-color="${p.hsl(-30, 60, 75)}"/><stop offset="1" stop-color="${p.hsl(-50, 70, 88)}"/></linearGradient>
      <radialGradient id="sun"><stop offset="0" stop-color="#fffbe8"/><stop offset="0.25" stop-color="${p.hsl(-60, 90, 85)}" stop-opacity="0.9"/><stop offset="1" stop-color="${p.hsl(-60, 90, 85)}" stop-opacity="0"/></radialGradient>
      <filter id="haze" x="-10%" y="-20%" width="120%" height="140%"><feGaussianBlur stdDeviation="${w / 200}"/></filter>
      <filter id="grain"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="${r.int(1000)}"/><feColorMatrix type="saturate" values="0"/><feComponentTransfer><feFuncA type="linear" slope="0.08"/></feComponentTransfer></filter>
    </defs>
    <rect width="${w}" height="${h}" fill="url(#sky)"/>
    <circle cx="${sunX}" cy="${sunY}" r="${w * 0.22}" fill="url(#sun)"/>
    <circle cx="${sunX}" cy="${sunY}" r="${w * 0.045}" fill="#fffdf2"/>
    ${layers.join('\n')}
    <rect width="${w}" height="${h}" filter="url(#grain)"/>
    ${caption(words, w, h, 'band', '#ffffff')}`;
}

function design(r: Rng, p: Palette, w: number, h: number, words: string[]): string {
  const cells = 4;
  const size = w / cells;
  const colours = [p.hsl(0, 70, 55), p.hsl(180, 60, 45), p.hsl(40, 80, 60), p.hsl(0, 30, 20), p.hsl(-30, 60, 80)];
  const shapes: string[] = [];
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < cells; col++) {
      const x = col * size;
      const y = row * size;
      const c = r.pick(colours);
      const kind = r.int(4);
      if (kind === 0) shapes.push(`<circle cx="${x + size / 2}" cy="${y + size / 2}" r="${size * 0.42}" fill="${c}"/>`);
      else if (kind === 1)
        shapes.push(
          `<path d="M${x} ${y + size} A${size} ${size} 0 0 1 ${x + size} ${y}" fill="none" stroke="${c}" stroke-width="${size * 0.18}"/>`,
        );
      else if (kind === 2)
        shapes.push(
          `<rect x="${x + size * 0.1}" y="${y + size * 0.1}" width="${size * 0.8}" height="${size * 0.8}" fill="${c}"/>`,
        );
      else shapes.push(`<path d="M${x} ${y + size} L${x + size / 2} ${y} L${x + size} ${y + size} Z" fill="${c}"/>`);
    }
  }
  return `
    <rect width="${w}" height="${h}" fill="${p.hsl(-20, 35, 93)}"/>
    ${shapes.join('\n')}
    <rect x="0" y="${h * 0.74}" width="${w}" height="${h * 0.26}" fill="${p.hsl(0, 30, 18)}"/>
    ${caption(words.slice(0, 3), w, h, 'poster', p.hsl(-20, 35, 93))}`;
}

function render3d(r: Rng, p: Palette, w: number, h: number, words: string[]): string {
  const spheres = Array.from({ length: 3 + r.int(3) }, (_, i) => {
    const rad = r.between(0.07, 0.16) * w;
    const cx = r.between(0.15, 0.85) * w;
    const cy = h * 0.72 - rad;
    return { cx, cy, rad, i };
  }).sort((a, b) => a.rad - b.rad);
  const defs = spheres
    .map(
      (s) =>
        `<radialGradient id="s${s.i}" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="#ffffff"/><stop offset="0.25" stop-color="${p.hsl(s.i * 40, 75, 65)}"/><stop offset="1" stop-color="${p.hsl(s.i * 40, 70, 22)}"/></radialGradient>`,
    )
    .join('');
  const cube = (() => {
    const cx = r.between(0.3, 0.7) * w;
    const cy = h * 0.5;
    const a = w * 0.14;
    const top = `M${cx} ${cy - a} L${cx + a} ${cy - a / 2} L${cx} ${cy} L${cx - a} ${cy - a / 2} Z`;
    const left = `M${cx - a} ${cy - a / 2} L${cx} ${cy} L${cx} ${cy + a} L${cx - a} ${cy + a / 2} Z`;
    const right = `M${cx + a} ${cy - a / 2} L${cx} ${cy} L${cx} ${cy + a} L${cx + a} ${cy + a / 2} Z`;
    return `<ellipse cx="${cx}" cy="${cy + a * 1.05}" rx="${a * 1.1}" ry="${a * 0.22}" fill="black" fill-opacity="0.25" filter="url(#soft)"/>
      <path d="${top}" fill="${p.hsl(150, 50, 75)}"/><path d="${left}" fill="${p.hsl(150, 50, 50)}"/><path d="${right}" fill="${p.hsl(150, 50, 35)}"/>`;
  })();
  return `
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.hsl(-20, 25, 90)}"/><stop offset="0.7" stop-color="${p.hsl(-20, 20, 78)}"/><stop offset="1" stop-color="${p.hsl(-20, 20, 62)}"/></linearGradient>
      <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${w / 120}"/></filter>
      ${defs}
    </defs>
    <rect width="${w}" height="${h}" fill="url(#bg)"/>
    ${cube}
    ${spheres.map((s) => `<ellipse cx="${s.cx + s.rad * 0.2}" cy="${h * 0.72}" rx="${s.rad * 0.95}" ry="${s.rad * 0.2}" fill="black" fill-opacity="0.3" filter="url(#soft)"/><circle cx="${s.cx}" cy="${s.cy}" r="${s.rad}" fill="url(#s${s.i})"/>`).join('\n')}
    ${caption(words, w, h, 'plain', p.hsl(0, 30, 25))}`;
}

function anime(r: Rng, p: Palette, w: number, h: number, words: string[]): string {
  const line = `stroke="#1a1a2e" stroke-width="${Math.max(4, w / 170)}" stroke-linejoin="round"`;
  const hills = Array.from({ length: 3 }, (_, i) => {
    const d = ridge(r, w, h, h * (0.55 + i * 0.13), h * 0.1, 3 + i);
    const shadow = ridge(r, w, h, h * (0.62 + i * 0.13), h * 0.06, 3 + i);
    return `<path d="${d}" fill="${p.hsl(100 + i * 15, 65, 60 - i * 10)}" ${line}/><path d="${shadow}" fill="${p.hsl(110 + i * 15, 60, 42 - i * 8)}" ${line}/>`;
  });
  const sunX = r.between(0.2, 0.8) * w;
  const sunY = h * 0.25;
  const rays = Array.from({ length: 12 }, (_, i) => {
    const a = (i / 12) * Math.PI * 2;
    return `<line x1="${sunX + Math.cos(a) * w * 0.09}" y1="${sunY + Math.sin(a) * w * 0.09}" x2="${sunX + Math.cos(a) * w * 0.14}" y2="${sunY + Math.sin(a) * w * 0.14}" ${line}/>`;
  });
  const clouds = Array.from({ length: 2 }, () => {
    const cx = r.between(0.1, 0.9) * w;
    const cy = r.between(0.1, 0.35) * h;
    const s = w * 0.05;
    return `<path d="M${cx - 2 * s} ${cy} a${s} ${s} 0 0 1 ${s * 1.2} ${-s * 0.8} a${s * 1.2} ${s * 1.2} 0 0 1 ${s * 2} ${-s * 0.3} a${s} ${s} 0 0 1 ${s * 1.4} ${s * 1.1} Z" fill="#ffffff" ${line}/>`;
  });
  return `
    <rect width="${w}" height="${h}" fill="${p.hsl(-10, 80, 72)}"/>
    <rect width="${w}" height="${h * 0.35}" fill="${p.hsl(-20, 85, 62)}"/>
    ${rays.join('')}
    <circle cx="${sunX}" cy="${sunY}" r="${w * 0.07}" fill="${p.hsl(-160, 95, 65)}" ${line}/>
    ${clouds.join('')}
    ${hills.join('\n')}
    ${caption(words, w, h, 'band', '#ffffff')}`;
}

function general(r: Rng, p: Palette, w: number, h: number, words: string[]): string {
  const blobs = Array.from({ length: 5 }, (_, i) => {
    const cx = r.between(0.1, 0.9) * w;
    const cy = r.between(0.1, 0.8) * h;
    const rad = r.between(0.15, 0.32) * w;
    return `<circle cx="${cx}" cy="${cy}" r="${rad}" fill="${p.hsl(i * 35 - 40, 70, 60)}" fill-opacity="0.75" filter="url(#blur)"/>`;
  });
  const accents = Array.from({ length: 4 }, () => {
    const x = r.between(0.1, 0.85) * w;
    const y = r.between(0.1, 0.7) * h;
    const s = r.between(0.04, 0.09) * w;
    return r.chance(0.5)
      ? `<circle cx="${x}" cy="${y}" r="${s}" fill="none" stroke="#ffffff" stroke-width="${w / 150}" stroke-opacity="0.85"/>`
      : `<rect x="${x}" y="${y}" width="${s * 1.6}" height="${s * 1.6}" fill="#ffffff" fill-opacity="0.25" transform="rotate(${r.int(45)} ${x} ${y})"/>`;
  });
  return `
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.hsl(0, 60, 30)}"/><stop offset="1" stop-color="${p.hsl(60, 55, 55)}"/></linearGradient>
      <filter id="blur" x="-60%" y="-60%" width="220%" height="220%"><feGaussianBlur stdDeviation="${w / 18}"/></filter>
    </defs>
    <rect width="${w}" height="${h}" fill="url(#bg)"/>
    ${blobs.join('\n')}
    ${accents.join('\n')}
    ${caption(words, w, h, 'band', '#ffffff')}`;
}

const DRAW = { REALISTIC: realistic, DESIGN: design, RENDER_3D: render3d, ANIME: anime, GENERAL: general };

export function offlineImageSvg({ prompt, style, width = 1024, height = 1024 }: ImageRequest): string {
  const r = rng('image', prompt, style);
  const look = resolveStyle(style, prompt);
  const body = DRAW[look](r, palette(prompt, r), width, height, captionWords(prompt));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

export async function offlineImage(request: ImageRequest): Promise<GeneratedImage> {
  const width = Math.min(Math.max(Math.round(request.width ?? 1024), 64), 2048);
  const height = Math.min(Math.max(Math.round(request.height ?? 1024), 64), 2048);
  const svg = offlineImageSvg({ ...request, width, height });
  const sharp = await loadSharp();
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return { png, width, height };
}
