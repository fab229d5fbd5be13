// Bounded concurrency: at most `limit` calls in flight.

/** Runs `fn` over items with at most `limit` in flight; the first failure rejects (in-flight calls finish). */
export async function pool<T>(items: readonly T[], limit: number, fn: (t: T) => Promise<void>): Promise<void> {
  let i = 0;
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (i < items.length) {
      const item = items[i++];
      await fn(item);
    }
  });
  await Promise.all(workers);
}
