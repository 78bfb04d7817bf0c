/** Polls `read` until it returns `expected` (a CSS transition or a fetch may be under way), else fails with the last value. */
export async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (Object.is(last, expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`expected ${String(expected)}, still ${String(last)} after ${timeoutMs} ms`);
}
