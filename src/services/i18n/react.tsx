import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Language } from '../../shared/constants';
import { local } from '../storage';
import { initialLanguage, loadModules, loadedModules, translate } from './i18n';
import { builtInLanguages, keptLanguages, languageList } from './languages';
import type { Offered as LanguageItem } from './languages';

export interface I18nValue {
  lang: Language;
  t: (key: string, params?: Record<string, unknown>) => string;
  setLang: (lang: Language) => Promise<void>;
  ready: boolean;
  /** The languages the server offers, each with its own name when the server gives one. */
  languages: LanguageItem[];
  /** Asks the server for its languages (once), when the user reaches for the language switch. */
  askLanguages: () => void;
}

const I18nContext = createContext<I18nValue | null>(null);

/**
 * Loads the given locale modules for the current language before rendering its children. A
 * provider inside another (a resource page's, which loads the modules its widgets speak) speaks
 * the outer one's language and switches through it: before, it kept the language it was opened
 * in, and a page stayed in Chinese while the shell around it turned English.
 */
export function I18nProvider({ modules, children, fallback = null }: { modules: string[]; children: ReactNode; fallback?: ReactNode }) {
  const outer = useContext(I18nContext);
  const [ownLang, setLangState] = useState<Language>(() => outer?.lang ?? initialLanguage());
  const lang = outer ? outer.lang : ownLang;
  // The list kept for this browser session, else ours until the user reaches for the switch: the
  // server's list is an enveloped call, and the envelope's code and key agreement are work the
  // first screen does not need before the user types (issue 16).
  const [languages, setLanguages] = useState<LanguageItem[]>(() => keptLanguages() ?? builtInLanguages());
  const [asked, setAsked] = useState(false);
  const key = modules.join(',');
  // Ready once these modules are loaded in this language. A page kept alive (the page host's
  // Activity) runs this effect again each time it is shown: what is loaded stays loaded, so its
  // children are not unmounted for a moment, which would lose the page's state.
  const [loaded, setLoaded] = useState<string | null>(null);
  const ready = loaded === `${lang}|${key}`;

  useEffect(() => {
    let live = true;
    // A transition: the page's first full render, once its messages are in, is rendered in slices
    // of a few milliseconds rather than one long task (total blocking time, issue 16).
    void loadModules(lang, key.split(',')).then(() => live && startTransition(() => setLoaded(`${lang}|${key}`)));
    document.documentElement.lang = lang;
    return () => {
      live = false;
    };
  }, [lang, key]);

  useEffect(() => {
    if (!asked) return;
    let live = true;
    void languageList().then((list) => live && setLanguages(list));
    return () => {
      live = false;
    };
  }, [asked]);
  const askLanguages = useCallback(() => setAsked(true), []);

  // Every module shown in this language, not only the provider's: a page that loaded its own
  // (useLocaleModule) is then ready in the next language in the same render, and stays mounted.
  const outerSetLang = outer?.setLang;
  const setLang = useCallback(async (next: Language) => {
    await loadModules(next, [...new Set([...key.split(','), ...loadedModules(lang)])]);
    if (outerSetLang) return outerSetLang(next);
    local.set('lang', next);
    setLangState(next);
  }, [key, lang, outerSetLang]);

  const offered = outer?.languages ?? languages;
  const ask = outer?.askLanguages ?? askLanguages;
  const value = useMemo<I18nValue>(() => ({ lang, ready, setLang, languages: offered, askLanguages: ask, t: (k, p) => translate(lang, k, p) }), [lang, ready, setLang, offered, ask]);
  // A language switch keeps the children mounted: setLang loaded the new language's modules
  // before switching, and unmounting would lose what the user had typed (the login form's user
  // name, found by a browser test that chose English and typed at once).
  const shown = ready || (loaded !== null && loaded.slice(loaded.indexOf('|') + 1) === key);
  return <I18nContext.Provider value={value}>{shown ? children : fallback}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}
