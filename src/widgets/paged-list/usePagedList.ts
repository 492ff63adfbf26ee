import { useEffect, useMemo, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { pagedListMachine, type PageAnswer, type PageQuery, type PagedListInput } from '../../machines/paged-list.machine';
import { connectPagedList } from '../../machines/paged-list.connect';
import { inspect } from '../../services/inspector';
import { useI18n } from '../../services/i18n/react';

/** What a list gives: one call `fetchPage({start, limit, params}) → {rows, total}`; nothing else about the API. */
export type FetchPage<Row> = (query: PageQuery) => Promise<PageAnswer<Row>>;

/**
 * A paged list's machine, started with its fetch, loaded on mount and again (same page) when
 * the language changes, since the server localises some columns. Returns the connected API.
 */
export function usePagedList<Row>(fetchPage: FetchPage<Row>, input: PagedListInput = {}) {
  const { lang } = useI18n();
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const logic = useMemo(() => pagedListMachine.provide({ actors: { fetchPage: fromPromise<PageAnswer, PageQuery>(({ input: query }) => fetchRef.current(query)) } }), []);
  const [snapshot, send] = useMachine(logic, { input, inspect });
  const first = useRef(true);
  useEffect(() => {
    send(first.current ? { type: 'LIST.LOAD' } : { type: 'LIST.REFRESH' });
    first.current = false;
  }, [send, lang]);
  return connectPagedList<Row>(snapshot, send);
}
