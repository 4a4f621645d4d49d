import { ASYNC_CHUNK_TIMEOUT_MS } from '@shared/constants';

/**
 * Loads a code-split chunk, giving up after 120 s (spec 01 §9) so a stalled download ends in the
 * route's error screen instead of a loading state that never ends.
 */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Timed out loading this page')), ASYNC_CHUNK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([load(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
