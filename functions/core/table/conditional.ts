/**
 * The one place that recognises a failed condition, on a single write
 * (ConditionalCheckFailedException) or inside a transaction (TransactionCanceledException
 * whose reasons include ConditionalCheckFailed). Everything else is a real error.
 */
export function isConditionFailed(error: unknown): boolean {
  const e = error as { name?: string; CancellationReasons?: { Code?: string }[] } | undefined;
  if (e?.name === 'ConditionalCheckFailedException') return true;
  return (
    e?.name === 'TransactionCanceledException' &&
    !!e.CancellationReasons?.some((r) => r.Code === 'ConditionalCheckFailed')
  );
}

/** Which items of a cancelled transaction failed their condition, by position. */
export function failedConditions(error: unknown): number[] {
  const reasons = (error as { CancellationReasons?: { Code?: string }[] } | undefined)?.CancellationReasons ?? [];
  return reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
}

/**
 * Which items of a cancelled transaction met another transaction writing them at the same
 * moment (TransactionConflict), by position: nothing was written, and trying again is safe.
 */
export function conflictedItems(error: unknown): number[] {
  const reasons = (error as { CancellationReasons?: { Code?: string }[] } | undefined)?.CancellationReasons ?? [];
  return reasons.flatMap((r, i) => (r.Code === 'TransactionConflict' ? [i] : []));
}

/**
 * Runs a conditional write: resolves true when it happened, false when its condition did not
 * hold (the token was already used, the item is gone), and rethrows anything else.
 */
export async function conditionally(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
