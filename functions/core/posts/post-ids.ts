import { reserveIds } from '../table/counter';

/**
 * Post ids are positive integers (spec 01 §3) from the `post` counter. A group of siblings
 * takes its ids in one atomic ADD, so they are consecutive and no other writer shares them.
 */
export async function reservePostIds(count: number): Promise<number[]> {
  const first = await reserveIds('post', count);
  return Array.from({ length: count }, (_, i) => first + i);
}
