import type { TransactionItem } from './entity';

/**
 * What reports a change (its webhook events): `writes` go into the transaction that makes the
 * change, so both are stored or neither; `afterCommit` then hands them on at once (the sweepers
 * pick up whatever it does not, after a crash say).
 */
export interface Outbox {
  writes: TransactionItem[];
  afterCommit(): Promise<void>;
}

export const emptyOutbox: Outbox = { writes: [], afterCommit: () => Promise.resolve() };
