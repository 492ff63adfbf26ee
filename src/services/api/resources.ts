import type { ResourceDef } from '../../resources/define';
import { resourceEndpoints, type ResourceEndpoints } from '../../resources/contract';
import { call, type CallOptions } from '../http/call';

/** A resource's calls, derived once per definition from the same contract the server registers. */
const cache = new Map<string, ResourceEndpoints>();
export function endpointsOf(def: ResourceDef): ResourceEndpoints {
  let e = cache.get(def.code);
  if (!e) cache.set(def.code, (e = resourceEndpoints(def)));
  return e;
}

export type ResourceRow = { id: number; version: number; recordState: string; enabled: boolean; [field: string]: unknown };

export function resourceApi(def: ResourceDef) {
  // Calls are looked up by their contract name (a family's set depends on its lifecycle).
  const any = endpointsOf(def) as unknown as Record<string, Parameters<typeof call>[0]>;
  return {
    query: (body: Record<string, unknown>) => call(any.query!, body as never) as Promise<{ rows: ResourceRow[]; total: number }>,
    byId: (id: number) => call(any.byId!, undefined, { params: { id } }) as Promise<ResourceRow>,
    /** A call by its contract name (add, update, submit, review…) with its body. */
    run: (name: string, body: Record<string, unknown>, options?: CallOptions) => {
      const endpoint = any[name];
      if (!endpoint) throw new Error(`${def.code} has no ${name} call`);
      return call(endpoint, body as never, options) as Promise<ResourceRow | null>;
    },
  };
}
