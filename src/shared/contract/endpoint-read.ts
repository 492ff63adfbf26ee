import type { Endpoint } from './define';

/*
 * What the browser reads from an endpoint's declaration besides method and flags: its path and
 * a body field's bound. Apart from define.ts, which builds TypeBox schemas as it loads, so the
 * login page can read its endpoints without TypeBox (scripts/build/build-time-data-loader.cjs,
 * issue 16).
 */

/** The path with its parameters filled in (`/x/query-by-/:id` with {id: 7} → `/x/query-by-/7`). */
export function pathOf(endpoint: Endpoint, params: Record<string, unknown> = {}): string {
  return endpoint.path.replace(/:([A-Za-z]+)/g, (_m, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/**
 * The most characters a body field takes, for the browser input's maxLength: the same bound
 * the server enforces.
 */
export function maxLengthOf(endpoint: Endpoint, field: string): number | undefined {
  // The browser's plain endpoints carry only the bounds, and no body when they have none (build-time-data-loader.cjs).
  const props = (endpoint.body as { properties?: Record<string, { maxLength?: number }> } | undefined)?.properties;
  return props?.[field]?.maxLength;
}
