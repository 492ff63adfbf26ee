/**
 * Group commit for a small insert that many concurrent requests each wait for (the envelope's
 * nonce, the operation log's row): the items asked for while one statement is running go
 * together in the next one, a single multi-row INSERT, so under load a request waits for one
 * statement instead of queueing behind fifty. With one request at a time nothing waits longer
 * than before: the first item goes out at the next turn of the event loop.
 */
export function batched<T, R>(run: (items: T[]) => Promise<R[]>, maxItems: number): (item: T) => Promise<R> {
  let queue: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  let running = false;

  const flush = async () => {
    running = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, maxItems);
      queue = queue.slice(batch.length);
      try {
        const results = await run(batch.map((b) => b.item));
        batch.forEach((b, i) => b.resolve(results[i]!));
      } catch (error) {
        for (const b of batch) b.reject(error);
      }
    }
    running = false;
  };

  return (item: T) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!running) {
        running = true;
        setImmediate(() => void flush());
      }
    });
}
