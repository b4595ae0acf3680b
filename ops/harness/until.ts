// Waiting on state, not on time: polls `fn` until it answers something truthy and returns
// that; fails naming `what` after `timeoutMs` (a guard against hanging, never a speed check).
export async function until<T>(what: string, fn: () => Promise<T>, timeoutMs = 30_000, everyMs = 100): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
