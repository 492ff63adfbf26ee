/**
 * A fetch double for the browser's file requests: answers each URL from `files` as JSON (404
 * for any other) and returns the list of every URL asked for, in order.
 */
export function fetchDouble(files: Record<string, unknown>): string[] {
  const requested: string[] = [];
  globalThis.fetch = (async (url: string) => {
    requested.push(url);
    return url in files ? new Response(JSON.stringify(files[url])) : new Response('not found', { status: 404 });
  }) as typeof fetch;
  return requested;
}
