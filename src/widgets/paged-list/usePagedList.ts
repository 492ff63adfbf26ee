import { useEffect, useMemo, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { pagedListMachine, type PageAnswer, type PageQuery, type PagedListInput } from '../../machines/paged-list.machine';
import { connectPagedList } from '../../machines/paged-list.connect';
import { inspect } from '../../services/inspector';
import { useI18n } from '../../services/i18n/react';

/** What a list gives: one call `fetchPage({start, limit, params}) → {rows, total}`; nothing else about the API. */
export type FetchPage<Row> = (query: PageQuery) => Promise<PageAnswer<Row>>;
/** How the list changes its rows (`list.act(action)`): one call per kind of action, the view's own. */
export type RunAction<A> = (action: A) => Promise<unknown>;

const noAction: RunAction<unknown> = async () => {
  throw new Error('this list has no actions');
};

/**
 * A paged list's machine, started with its fetch, loaded on mount and again (same page) when
 * the language changes, since the server localises some columns. Returns the connected API.
 */
export function usePagedList<Row, A = never>(fetchPage: FetchPage<Row>, runAction?: RunAction<A>, input: PagedListInput = {}, { waitForQuery = false }: { waitForQuery?: boolean } = {}) {
  const { lang } = useI18n();
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const actionRef = useRef((runAction ?? noAction) as RunAction<unknown>);
  actionRef.current = (runAction ?? noAction) as RunAction<unknown>;
  const logic = useMemo(
    () =>
      pagedListMachine.provide({
        actors: {
          fetchPage: fromPromise<PageAnswer, PageQuery>(({ input: query }) => fetchRef.current(query)),
          runAction: fromPromise<unknown, unknown>(({ input: action }) => actionRef.current(action)),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(logic, { input, inspect });
  const ranFor = useRef<string | null>(null);
  // A list fed by a query form waits for the form's first query (reason init) instead of
  // loading everything first; a language change still refreshes what is shown. A page kept
  // alive runs this again each time it is shown: nothing changed then, so nothing is asked
  // (the rows, page and scroll stay as the user left them).
  useEffect(() => {
    const key = `${lang}|${waitForQuery}`;
    if (ranFor.current === key) return;
    if (ranFor.current !== null) send({ type: 'LIST.REFRESH' });
    else if (!waitForQuery) send({ type: 'LIST.LOAD' });
    ranFor.current = key;
  }, [send, lang, waitForQuery]);
  const api = connectPagedList<Row>(snapshot, send);
  return { ...api, act: api.act as (action: A) => void, getActionProps: api.getActionProps as (action: A) => ReturnType<typeof api.getActionProps> };
}
