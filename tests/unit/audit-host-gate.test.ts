import { describe, expect, it } from 'vitest';
import { HostGate } from '../../functions/core/audit/crawl/crawl-session';

/** Blocks the event loop, as a long parse or a loaded machine does. */
function busy(ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end);
}

describe("a host's gate", () => {
  it('lets requests go one interval apart, by the clock, even after the event loop was held up', async () => {
    const gate = new HostGate(100, 0);
    const released: number[] = [];
    const waits = Array.from({ length: 5 }, () => gate.wait().then(() => released.push(Date.now())));
    // Timers due meanwhile fire late, together: the gate must not let their requests go together.
    busy(450);
    await Promise.all(waits);
    for (let i = 1; i < released.length; i++) expect(released[i]! - released[i - 1]!).toBeGreaterThanOrEqual(99);
  });

  it('goes on from the time it is given: a saved crawl or a hand-over does not open with a burst', async () => {
    const from = Date.now() + 150;
    const saw: number[] = [];
    const gate = new HostGate(100, from, (at) => saw.push(at));
    await gate.wait();
    expect(saw[0]).toBeGreaterThanOrEqual(from - 1);
  });
});
