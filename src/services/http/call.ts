// From the contract's definitions, not its index: a page then carries only the areas it calls (issue 16).
import type { BodyOf, DataOf, Endpoint } from '../../shared/contract/define';
import { pathOf } from '../../shared/contract/endpoint-read';
import { request, type RequestOptions } from './client';

/** Per-call options beyond what the contract says (a signal, the error-no-tip header, extra headers). */
export type CallOptions = Pick<RequestOptions, 'signal' | 'noErrorTip' | 'headers' | 'noLoading' | 'asked'> & {
  /** The path's parameters, for an endpoint whose path has any (`query-by-/:id`). */
  params?: Record<string, string | number>;
};

/**
 * The one typed way the browser calls the server (docs/api/README.md): the endpoint's
 * declaration gives method, path and the client flags; its schemas give the types of what is
 * sent and what comes back. Everything else (envelope, tokens, errors) is `request()`'s job.
 */
export function call<E extends Endpoint>(endpoint: E, data?: BodyOf<E>, { params, ...options }: CallOptions = {}): Promise<DataOf<E>> {
  return request<DataOf<E>>({
    method: endpoint.method,
    url: pathOf(endpoint, params),
    ...(data === undefined ? {} : { data }),
    ...(endpoint.client.noLoading ? { noLoading: true } : {}),
    ...(endpoint.client.inlineErrors ? { noErrorTip: true } : {}),
    ...(endpoint.flags.notEncrypted ? { notEncrypt: true } : {}),
    ...(endpoint.flags.requestToken ? { requestToken: true } : {}),
    ...options,
  });
}
