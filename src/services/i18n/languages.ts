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

export async function languageList(): Promise<Offered[]> {
  const kept = session.get('langList');
  if (Array.isArray(kept) && supported(kept).length > 0) return supported(kept);
  try {
    const list = supported(await loginApi.langList());
    if (list.length > 0) {
      session.set('langList', list);
      return list;
    }
  } catch {
    // fall through to the built-in list
  }
  return LANGUAGES.map((langSymbol) => ({ langSymbol }));
}
