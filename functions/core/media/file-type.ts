import type { MediaExtension } from '@shared/schemas/media';

/** How many leading bytes the sniffer needs. */
export const SNIFF_BYTES = 64;

type Detected = 'jpeg' | 'png' | 'webp' | 'isobmff' | 'avi' | 'asf';

const ASF_GUID = Buffer.from([
  0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c,
]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** QuickTime files may open with any of these atoms instead of `ftyp`. */
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  Buffer.from(bytes.subarray(start, end)).toString('latin1');

/** What the first bytes of a file say it is, whatever its name claims. */
export function detectFileType(head: Uint8Array): Detected | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && Buffer.from(head.subarray(0, 8)).equals(PNG)) return 'png';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF') {
    const form = ascii(head, 8, 12);
    if (form === 'WEBP') return 'webp';
    if (form === 'AVI ') return 'avi';
  }
  if (head.length >= 12) {
    const atom = ascii(head, 4, 8);
    if (atom === 'ftyp' || QUICKTIME_ATOMS.has(atom)) return 'isobmff';
  }
  if (head.length >= 16 && Buffer.from(head.subarray(0, 16)).equals(ASF_GUID)) return 'asf';
  return undefined;
}

const EXPECTED: Record<MediaExtension, Detected> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  // MP4 and QuickTime share the ISO base media layout; their brands overlap in practice.
  mp4: 'isobmff',
  mov: 'isobmff',
  avi: 'avi',
  wmv: 'asf',
};

/** Spec 01 §5: the extension must match what the file really is. */
export const contentMatchesExtension = (head: Uint8Array, ext: MediaExtension) =>
  detectFileType(head) === EXPECTED[ext];
