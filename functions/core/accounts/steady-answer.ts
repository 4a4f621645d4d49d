/**
 * How long an answer that must not tell known addresses from unknown ones takes at least.
 * Both paths do the same table work; what still differs is sending a mail (SES takes tens to
 * a few hundred milliseconds), which this floor covers.
 */
const ADDRESS_ANSWER_FLOOR_MS = 400;

/** Runs `work` and answers no sooner than `floorMs` after it started, whatever it did. */
export async function steadyAnswer<T>(work: () => Promise<T>, floorMs = ADDRESS_ANSWER_FLOOR_MS): Promise<T> {
  const started = performance.now();
  const settle = async () => {
    const left = floorMs - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  };
  try {
    return await work();
  } finally {
    await settle();
  }
}
