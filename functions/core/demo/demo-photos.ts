import { loadSharp } from '../media/load-sharp';

/**
 * The demo's media library: the bakery's product shots, drawn as flat illustrations (a demo
 * must not call a paid image model, nor ship photographs in every Lambda bundle) and rendered
 * to PNG by sharp, so they are stored, resized and attached exactly like uploaded photos.
 */
export interface DemoPhoto {
  filename: string;
  description: string;
  draw: (size: number) => string;
  background: [string, string];
}

const SIZE = 1080;

const loaf = (s: number) => {
  const c = s / 2;
  return `<ellipse cx="${c}" cy="${c * 1.1}" rx="${s * 0.34}" ry="${s * 0.2}" fill="#b86b2e"/>
<ellipse cx="${c}" cy="${c * 1.04}" rx="${s * 0.3}" ry="${s * 0.15}" fill="#d08a45"/>
${[-0.16, -0.05, 0.06, 0.17]
  .map(
    (dx) =>
      `<path d="M ${c + s * dx - 40} ${c * 1.12} q 40 -${s * 0.12} 80 -${s * 0.14}" stroke="#f4d9a8" stroke-width="14" fill="none" stroke-linecap="round"/>`,
  )
  .join('')}
<rect x="${s * 0.12}" y="${c * 1.36}" width="${s * 0.76}" height="${s * 0.05}" rx="12" fill="#7a4a24"/>`;
};

const buns = (s: number) =>
  [
    [0.33, 0.45],
    [0.62, 0.42],
    [0.45, 0.66],
    [0.7, 0.68],
  ]
    .map(([x = 0, y = 0]) => {
      const cx = s * x;
      const cy = s * y;
      return `<circle cx="${cx}" cy="${cy}" r="${s * 0.13}" fill="#c98a4b"/>
<path d="M ${cx} ${cy} m -${s * 0.08} 0 a ${s * 0.08} ${s * 0.08} 0 1 1 ${s * 0.16} 0 a ${s * 0.055} ${s * 0.055} 0 1 1 -${s * 0.11} 0 a ${s * 0.03} ${s * 0.03} 0 1 1 ${s * 0.06} 0" stroke="#7d4b1f" stroke-width="10" fill="none"/>
<circle cx="${cx - s * 0.04}" cy="${cy - s * 0.06}" r="8" fill="#fff6e0"/><circle cx="${cx + s * 0.05}" cy="${cy + s * 0.04}" r="7" fill="#fff6e0"/>`;
    })
    .join('');

const cake = (s: number) => {
  const c = s / 2;
  return `<rect x="${c - s * 0.26}" y="${s * 0.5}" width="${s * 0.52}" height="${s * 0.24}" rx="18" fill="#f2b6c8"/>
<rect x="${c - s * 0.2}" y="${s * 0.32}" width="${s * 0.4}" height="${s * 0.2}" rx="16" fill="#f7cdd9"/>
<path d="M ${c - s * 0.26} ${s * 0.56} q ${s * 0.065} 40 ${s * 0.13} 0 t ${s * 0.13} 0 t ${s * 0.13} 0 t ${s * 0.13} 0" stroke="#e58fab" stroke-width="14" fill="none"/>
<rect x="${c - 8}" y="${s * 0.2}" width="16" height="${s * 0.12}" fill="#f2c14e"/>
<ellipse cx="${c}" cy="${s * 0.18}" rx="14" ry="26" fill="#f28c28"/>
<rect x="${c - s * 0.32}" y="${s * 0.74}" width="${s * 0.64}" height="${s * 0.03}" rx="10" fill="#9c6b4e"/>`;
};

const rye = (s: number) => {
  const c = s / 2;
  const seeds = Array.from({ length: 26 }, (_, i) => {
    const x = c - s * 0.26 + ((i * 97) % Math.round(s * 0.52));
    const y = s * 0.4 + ((i * 53) % Math.round(s * 0.08));
    return `<ellipse cx="${x}" cy="${y}" rx="9" ry="5" fill="#f3e3c3" transform="rotate(${(i * 37) % 180} ${x} ${y})"/>`;
  }).join('');
  return `<rect x="${c - s * 0.3}" y="${s * 0.38}" width="${s * 0.6}" height="${s * 0.3}" rx="40" fill="#5e3b22"/>
<rect x="${c - s * 0.3}" y="${s * 0.38}" width="${s * 0.6}" height="${s * 0.09}" rx="40" fill="#7a4f2e"/>${seeds}
<rect x="${s * 0.14}" y="${s * 0.68}" width="${s * 0.72}" height="${s * 0.04}" rx="12" fill="#3d2616"/>`;
};

const croissants = (s: number) =>
  [
    [0.38, 0.48, -12],
    [0.64, 0.6, 14],
  ]
    .map(([x = 0, y = 0, turn = 0]) => {
      const cx = s * x;
      const cy = s * y;
      const segments = [-2, -1, 0, 1, 2]
        .map(
          (k) =>
            `<ellipse cx="${cx + k * s * 0.055}" cy="${cy + Math.abs(k) * s * 0.025}" rx="${s * (0.06 - Math.abs(k) * 0.008)}" ry="${s * (0.09 - Math.abs(k) * 0.014)}" fill="${k % 2 ? '#d9953f' : '#e8ad5a'}" stroke="#a8641f" stroke-width="5"/>`,
        )
        .join('');
      return `<g transform="rotate(${turn} ${cx} ${cy})">${segments}</g>`;
    })
    .join('');

const quay = (s: number) => `<rect x="0" y="${s * 0.55}" width="${s}" height="${s * 0.45}" fill="#2f6f8f"/>
<path d="M 0 ${s * 0.62} q ${s * 0.12} -20 ${s * 0.25} 0 t ${s * 0.25} 0 t ${s * 0.25} 0 t ${s * 0.25} 0" stroke="#9fd0e3" stroke-width="8" fill="none"/>
<circle cx="${s * 0.75}" cy="${s * 0.28}" r="${s * 0.09}" fill="#ffd27a"/>
${[0.12, 0.28, 0.46]
  .map(
    (x, i) =>
      `<rect x="${s * x}" y="${s * (0.32 - i * 0.04)}" width="${s * 0.13}" height="${s * (0.23 + i * 0.04)}" fill="${['#c75b39', '#e3a857', '#7d9a6a'][i]}"/>`,
  )
  .join('')}
<path d="M ${s * 0.55} ${s * 0.66} h ${s * 0.2} l -${s * 0.03} ${s * 0.05} h -${s * 0.14} z" fill="#f4efe6"/>
<rect x="${s * 0.64}" y="${s * 0.52}" width="6" height="${s * 0.14}" fill="#f4efe6"/>`;

export const DEMO_PHOTOS: DemoPhoto[] = [
  {
    filename: 'country-white-sourdough.png',
    description: 'Our 36-hour country white sourdough, fresh from the wood-fired oven',
    draw: loaf,
    background: ['#fbe9cf', '#f3c98b'],
  },
  {
    filename: 'cardamom-buns.png',
    description: 'A tray of cardamom buns with pearl sugar',
    draw: buns,
    background: ['#fff3de', '#f6d7a7'],
  },
  {
    filename: 'celebration-cake.png',
    description: 'A two-tier celebration cake made to order',
    draw: cake,
    background: ['#fdf1f4', '#f4c6d3'],
  },
  {
    filename: 'seeded-rye.png',
    description: 'Seeded rye loaf, dense and dark, sliced on the board',
    draw: rye,
    background: ['#efe6d8', '#c9b08c'],
  },
  {
    filename: 'almond-croissants.png',
    description: 'Weekend almond croissants',
    draw: croissants,
    background: ['#fff8e8', '#f2d49a'],
  },
  {
    filename: 'harbourside-morning.png',
    description: 'The harbourside at 7am, when the shop opens',
    draw: quay,
    background: ['#cfe7f2', '#f7e0b5'],
  },
];

export function demoPhotoSvg(photo: DemoPhoto, size = SIZE): string {
  const [from, to] = photo.background;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${size}" height="${size}" fill="url(#bg)"/>${photo.draw(size)}</svg>`;
}

export async function renderDemoPhoto(photo: DemoPhoto): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(demoPhotoSvg(photo)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}
