import { useContext, useEffect, useMemo, useRef } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { format } from 'date-fns';
import { queryPageMachine, type LoadedOrder, type QueryReason, type SaveQueryBody } from '../../machines/query-page.machine';
import { DATE_FORMAT, EXPAND_PARAM_PREFIXES, USER_TYPE_ADMIN } from '../../shared/constants';
import { contract, type SavedQuery } from '../../shared/contract';
import type { HiddenSetting, QueryField, QueryParams } from '../../shared/query-rules';
import { call } from '../../services/http/call';
import { ask } from '../../services/http/questions';
import { inspect } from '../../services/inspector';
import { translate } from '../../services/i18n/i18n';
import { useI18n } from '../../services/i18n/react';
import { ShellContext } from '../shell-context';

export type QueryPageActor = ActorRefFrom<typeof queryPageMachine>;

/** Where a query page's settings live: by default the server (contract.querySettings). */
export interface QueryPageCalls {
  loadSaved: (code: string) => Promise<SavedQuery[]>;
  loadOrder: (code: string) => Promise<LoadedOrder>;
  /** The page's extended fields as JSON text (widgets §7 expand-param): the server's template `query:<code>` by default. */
  loadExtended: (code: string) => Promise<string | null>;
  saveQuery: (body: SaveQueryBody) => Promise<SavedQuery[]>;
  deleteQuery: (input: { code: string; id: number }) => Promise<SavedQuery[]>;
  /** Asks the user before a saved search is deleted. */
  confirmDelete: (input: { name: string }) => Promise<boolean>;
  saveOrder: (input: { code: string; formItemsOrder: string[] }) => Promise<unknown>;
  saveHidden: (input: { code: string; hiddenParams: HiddenSetting }) => Promise<unknown>;
}

/**
 * The server's calls. Loading the order is silent (widgets §8: the defaults are used); the
 * other refusals show once, in place, from the machine's `error` (no toast as well).
 */
export const serverQueryPage = (lang: string): QueryPageCalls => ({
  loadSaved: (code) => call(contract.querySettings.savedQueries, { code }),
  loadOrder: (code) => call(contract.querySettings.formOrder, { code }, { noErrorTip: true }),
  // The page's extended fields: the enabled template `query:<code>`, when there is one (widgets §7
  // expand-param); a refusal or a failure means none, silently (widgets §8).
  loadExtended: (code) => call(contract.expandElement.expandParam, { expandParam: `${EXPAND_PARAM_PREFIXES.query}${code}` }, { noErrorTip: true }).catch(() => null),
  saveQuery: (body) => call(contract.querySettings.saveQuery, body),
  deleteQuery: (input) => call(contract.querySettings.deleteQuery, input, { noErrorTip: true }),
  confirmDelete: ({ name }) =>
    ask({
      title: translate(lang as never, 'query.saved.confirmTitle'),
      message: translate(lang as never, 'query.saved.confirm', { name }),
      ok: translate(lang as never, 'query.saved.ok'),
      cancel: translate(lang as never, 'query.saved.cancel'),
      danger: true,
    }),
  saveOrder: (input) => call(contract.querySettings.saveFormOrder, input, { noErrorTip: true }),
  saveHidden: ({ code, hiddenParams }) => call(contract.querySettings.saveHiddenParam, { code, hiddenParams: { ...hiddenParams, required: hiddenParams.required as 1 | 2 | 3 } }, { noErrorTip: true }),
});

export interface UseQueryPageOptions {
  /** The page's code (a resource's code): saved searches, order and hidden params are kept under it. */
  code: string;
  /** The query fields in their default order, labels in the current language. */
  fields: QueryField[];
  /** Runs each query the form decides on; a list reloads from page 1 (`list.load(params)`). */
  onQuery: (params: QueryParams, reason: QueryReason) => void;
  /** Administrators see the hidden-field settings; by default userType 1 of the shell's user. */
  admin?: boolean;
  /** Replaces some of the server's calls (an extended-field call, or test doubles). */
  calls?: Partial<QueryPageCalls>;
  /** The user's hide-button map for the page's function (`useFunctionDisplay(path).param`): a parameter it hides, own or from the template, is left out of the form. */
  param?: (name: string) => boolean;
}

/** Today in the browser's time zone, for `$now`. */
export const todayText = (now = new Date()) => format(now, DATE_FORMAT);

/**
 * Starts a query page's machine (src/machines/query-page.machine.ts) with the server's calls,
 * tells it when the page is mounted, keeps its labels in the reader's language and hands each
 * query to `onQuery`. Returns the actor for `<QueryForm page={…} />` and for anything else on
 * the page that wants to read it (`useSelector`) or send to it (`QUERY.RELOAD` after a change).
 * The code and fields are read once, at mount: key the component by page to change them.
 */
export function useQueryPage(options: UseQueryPageOptions): QueryPageActor {
  const { lang } = useI18n();
  const shell = useContext(ShellContext);
  const admin = options.admin ?? shell?.user?.userType === USER_TYPE_ADMIN;
  const callsRef = useRef<QueryPageCalls>({ ...serverQueryPage(lang), ...options.calls });
  callsRef.current = { ...serverQueryPage(lang), ...options.calls };
  const onQueryRef = useRef(options.onQuery);
  onQueryRef.current = options.onQuery;
  const logic = useMemo(
    () =>
      queryPageMachine.provide({
        actors: {
          loadSaved: fromPromise<SavedQuery[], { code: string }>(({ input }) => callsRef.current.loadSaved(input.code)),
          loadOrder: fromPromise<LoadedOrder, { code: string }>(({ input }) => callsRef.current.loadOrder(input.code)),
          loadExtended: fromPromise<string | null, { code: string }>(({ input }) => callsRef.current.loadExtended(input.code)),
          saveQuery: fromPromise<SavedQuery[], SaveQueryBody>(({ input }) => callsRef.current.saveQuery(input)),
          deleteQuery: fromPromise<SavedQuery[], { code: string; id: number }>(({ input }) => callsRef.current.deleteQuery(input)),
          confirmDelete: fromPromise<boolean, { name: string }>(({ input }) => callsRef.current.confirmDelete(input)),
          saveOrder: fromPromise<unknown, { code: string; formItemsOrder: string[] }>(({ input }) => callsRef.current.saveOrder(input)),
          saveHidden: fromPromise<unknown, { code: string; hiddenParams: HiddenSetting }>(({ input }) => callsRef.current.saveHidden(input)),
        },
      }),
    [],
  );
  const actor = useActorRef(logic, { input: { code: options.code, fields: options.fields, admin, today: todayText(), ...(options.param ? { paramShown: options.param } : {}) }, inspect });
  // Listening before the page says it is mounted: the init query comes right after.
  useEffect(() => {
    const sub = actor.on('query', (e) => onQueryRef.current(e.params, e.reason));
    return () => sub.unsubscribe();
  }, [actor]);
  useEffect(() => {
    actor.send({ type: 'PAGE.MOUNTED' });
  }, [actor]);
  const labels = JSON.stringify(Object.fromEntries(options.fields.map((f) => [f.name, f.label])));
  useEffect(() => {
    actor.send({ type: 'FIELDS.LABEL', labels: JSON.parse(labels) as Record<string, string> });
  }, [actor, labels]);
  return actor;
}
