/**
 * The page bench/menu-browser.bench.ts drives in Chromium (issue 16: "menu search, keystroke to
 * rendered results with 5,000 leaves"): the shell's real MenuSearch (src/widgets/menu, Chakra's
 * Combobox with its virtualised results) bound to the real menu machine, whose loadMenu answers
 * 5,000 leaves at once; nothing else of the shell. Built by the bench script with rspack into a
 * temporary directory; never part of the app's bundle.
 *
 * window.menuBench.arm(query) prepares the measurement of the next keystroke, whose input should
 * read `query`; window.menuBench.result() then resolves, once the results for `query` are in the
 * DOM and the frame showing them has been drawn, with { commit, paint } in ms from the
 * keystroke (the keydown event's timestamp: when the browser received the key).
 */
import { createRoot } from 'react-dom/client';
import { createActor, fromPromise } from 'xstate';
import { Box } from '@chakra-ui/react';
import { AppProviders } from '../src/widgets/AppProviders';
import { ShellContext, type ShellValue } from '../src/widgets/shell-context';
import { MenuSearch } from '../src/widgets/menu/MenuSearch';
import { useMenu } from '../src/widgets/menu/use-menu';
import { menuMachine, type DefaultChange, type FavouriteChange, type MenuLoad } from '../src/machines/menu.machine';
import { buildMenu, searchMenu } from '../src/shared/menu-tree';
import { menuRows } from './support/menu-rows';
import { afterNextPaint } from './support/paint';

const rows = menuRows();
const leaves = buildMenu(rows).leaves;

const menu = createActor(
  menuMachine.provide({
    actors: {
      loadMenu: fromPromise<MenuLoad>(async () => ({ rows, favourites: [], defaultId: null })),
      saveFavourite: fromPromise<string[], FavouriteChange>(async () => []),
      saveDefault: fromPromise<string | null, DefaultChange>(async () => null),
    },
  }),
  { input: { history: [] } },
).start();

/** Only the menu is read by MenuSearch; the rest of the shell is absent here. */
const shell = { menu, session: null, user: null, systemTitle: 'bench' } as unknown as ShellValue;

/**
 * Commits in the same render as MenuSearch (both read the menu actor, updated by one event),
 * so its attribute says which query the committed results are for.
 */
function QueryProbe() {
  const api = useMenu();
  return <span hidden data-bench-query={api.query} />;
}

const probe = () => document.querySelector('[data-bench-query]');
const firstOption = () => document.querySelector('[data-testid="menu-search-option"]');
/** The results list (its count line: the zh-CN text of shell.search.count). */
const listText = () => document.querySelector('[data-scope="combobox"][data-part="content"]')?.textContent;

interface Armed {
  query: string;
  firstName: string | null;
  /** How many results the list should say it found; -1 in history mode. */
  count: number;
  keyAt: number;
  commit: number;
  resolve: ((t: { commit: number; paint: number }) => void) | null;
  result: Promise<{ commit: number; paint: number }>;
}

let armed: Armed | null = null;

/**
 * The results for the armed query are in the DOM: the probe names it, the list's count is the
 * expected one and so is its first option.
 */
function check() {
  if (!armed || armed.commit || !armed.keyAt) return;
  if (probe()?.getAttribute('data-bench-query') !== armed.query) return;
  if (armed.count >= 0 && !listText()?.includes(`找到 ${armed.count} 个菜单`)) return;
  const first = firstOption()?.textContent ?? null;
  if (armed.firstName !== null && !first?.includes(armed.firstName)) return;
  const a = armed;
  a.commit = performance.now() - a.keyAt;
  void afterNextPaint().then((at) => a.resolve?.({ commit: a.commit, paint: at - a.keyAt }));
}

new MutationObserver(check).observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
document.addEventListener(
  'keydown',
  (e) => {
    // The key event's own timestamp (when the browser took the key), unless it is on another clock.
    if (armed && !armed.keyAt) armed.keyAt = e.timeStamp > 0 && e.timeStamp <= performance.now() ? e.timeStamp : performance.now();
  },
  { capture: true },
);

const bench = {
  /** The menu has loaded and the search box is on the page. */
  get ready() {
    return menu.getSnapshot().matches('ready') && document.querySelector('[data-testid="menu-search"]') !== null;
  },
  leaves: leaves.length,
  arm(query: string) {
    const expected = query.trim() === '' ? null : searchMenu(leaves, query);
    let resolve: Armed['resolve'] = null;
    const result = new Promise<{ commit: number; paint: number }>((r) => (resolve = r));
    armed = { query, firstName: expected ? (expected[0]?.functionName ?? null) : null, count: expected ? expected.length : -1, keyAt: 0, commit: 0, resolve, result };
    return expected ? expected.length : -1;
  },
  result(): Promise<{ commit: number; paint: number }> {
    return armed!.result;
  },
};

declare global {
  interface Window {
    menuBench: typeof bench;
  }
}
window.menuBench = bench;

createRoot(document.getElementById('root')!).render(
  <AppProviders modules={['shell']}>
    <ShellContext.Provider value={shell}>
      <Box p="4" maxW="lg">
        <MenuSearch />
        <QueryProbe />
      </Box>
    </ShellContext.Provider>
  </AppProviders>,
);
