import type { BodyOf, DataOf, Endpoint } from '../../shared/contract';
import { request, type RequestOptions } from './client';

/** Per-call options beyond what the contract says (a signal, the error-no-tip header, extra headers). */
export type CallOptions = Pick<RequestOptions, 'signal' | 'noErrorTip' | 'headers' | 'noLoading'>;

/**
 * The one typed way the browser calls the server (docs/api/README.md): the endpoint's
 * declaration gives method, path and the client flags; its schemas give the types of what is
 * sent and what comes back. Everything else (envelope, tokens, errors) is `request()`'s job.
 */
export function call<E extends Endpoint>(endpoint: E, data?: BodyOf<E>, options: CallOptions = {}): Promise<DataOf<E>> {
  return request<DataOf<E>>({
    method: endpoint.method,
    url: endpoint.path,
    ...(data === undefined ? {} : { data }),
    ...(endpoint.client.noLoading ? { noLoading: true } : {}),
    ...(endpoint.client.inlineErrors ? { noErrorTip: true } : {}),
    ...(endpoint.flags.notEncrypted ? { notEncrypt: true } : {}),
    ...options,
  });
}
