import { HEADERS } from '../../shared/constants';
import type { Answer } from '../../shared/answer-codes';
import { httpConfig } from './config';

/**
 * The request token of shell §7: fetched from GET /common/token/getToken whenever an answer
 * carries the request-token header, and sent with every non-GET request. Requests started
 * while a refresh is under way wait for it, so a second click after a create does not reuse
 * the old token; two clicks at once share one and the server lets only the first through.
 */
let current: string | null = null;
let refreshing: Promise<void> | null = null;

export const requestToken = {
  /** The token to send now, waiting for a refresh in flight. */
  async current(): Promise<string | null> {
    if (refreshing) await refreshing;
    return current;
  },
  /** Fetch the next token; `headers` are the session headers of the answer's request. */
  refresh(headers: Record<string, string>): Promise<void> {
    refreshing ??= fetch(`${httpConfig.baseUrl}/api/fsmc/common/token/getToken`, { headers })
      .then(async (res) => {
        const answer = (await res.json()) as Answer<{ token: string }>;
        current = answer.code === 0 ? answer.data.token : null;
      })
      .catch(() => {
        current = null;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  },
  clear(): void {
    current = null;
  },
  header: HEADERS.requestToken,
};
