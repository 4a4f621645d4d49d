import { invalid } from '../errors';

/** DynamoDB refuses an item over 400 KB, counted in UTF-8 bytes of names and values. */
const MAX_ITEM_BYTES = 400 * 1024;

/**
 * An item's size as DynamoDB counts it: attribute names and string values in UTF-8 bytes,
 * numbers up to 21 bytes, 1 byte for booleans and null, 3 bytes of overhead per list or map
 * plus 1 per element. Slightly over rather than under: the point is to refuse before AWS does.
 */
function itemSizeBytes(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (typeof value === 'number' || typeof value === 'bigint')
    return Math.min(21, Math.ceil(String(value).length / 2) + 1);
  if (value instanceof Uint8Array) return value.byteLength;
  if (Array.isArray(value)) return value.reduce<number>((sum, v) => sum + itemSizeBytes(v) + 1, 3);
  if (value instanceof Set) return [...value].reduce<number>((sum, v) => sum + itemSizeBytes(v), 3);
  if (typeof value === 'object') {
    let sum = 3;
    for (const [name, v] of Object.entries(value)) {
      if (v === undefined) continue;
      sum += Buffer.byteLength(name, 'utf8') + itemSizeBytes(v) + 1;
    }
    return sum;
  }
  return 0;
}

const ITEM_TOO_LARGE = 'This is too much text to save in one place. Shorten the longest fields and try again.';

/** A clear 422 instead of DynamoDB's ValidationException (a 500) for an oversized item. */
export function assertItemFits(item: Record<string, unknown>): void {
  const size = itemSizeBytes(item);
  if (size > MAX_ITEM_BYTES) throw invalid(ITEM_TOO_LARGE);
}
