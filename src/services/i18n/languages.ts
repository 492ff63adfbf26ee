import { LANGUAGES, type Language } from '../../shared/constants';
import { loginApi } from '../api/login';
import { session } from '../storage';

/**
 * The languages the server offers (shell §7, POST /api/portal/login/query/lang-info-list),
 * kept for the browser session under `langList`. Only languages we have messages for are
 * offered; if the server cannot be asked, the built-in list stands in.
 */
export type Offered = { langSymbol: Language; langName?: string };
const supported = (list: Array<{ langSymbol: string; langName?: string }>) => list.filter((l) => (LANGUAGES as readonly string[]).includes(l.langSymbol)) as Offered[];

/** The list kept for this browser session, if the server was asked before. */
export function keptLanguages(): Offered[] | null {
  const kept = session.get('langList');
  return Array.isArray(kept) && supported(kept).length > 0 ? supported(kept) : null;
}

/** The languages we have messages for: what the switch offers until the server has been asked. */
export const builtInLanguages = (): Offered[] => LANGUAGES.map((langSymbol) => ({ langSymbol }));

export async function languageList(): Promise<Offered[]> {
  const kept = keptLanguages();
  if (kept) return kept;
  try {
    const list = supported(await loginApi.langList());
    if (list.length > 0) {
      session.set('langList', list);
      return list;
    }
  } catch {
    // fall through to the built-in list
  }
  return builtInLanguages();
}
