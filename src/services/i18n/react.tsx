import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Language } from '../../shared/constants';
import { local } from '../storage';
import { initialLanguage, loadModules, translate } from './i18n';
import { languageList } from './languages';
import type { Offered as LanguageItem } from './languages';

export interface I18nValue {
  lang: Language;
  t: (key: string, params?: Record<string, unknown>) => string;
  setLang: (lang: Language) => Promise<void>;
  ready: boolean;
  /** The languages the server offers, each with its own name when the server gives one. */
  languages: LanguageItem[];
}

const I18nContext = createContext<I18nValue | null>(null);

/** Loads the given locale modules for the current language before rendering its children. */
export function I18nProvider({ modules, children, fallback = null }: { modules: string[]; children: ReactNode; fallback?: ReactNode }) {
  const [lang, setLangState] = useState<Language>(initialLanguage);
  const [languages, setLanguages] = useState<LanguageItem[]>([]);
  const key = modules.join(',');
  // Ready once these modules are loaded in this language. A page kept alive (the page host's
  // Activity) runs this effect again each time it is shown: what is loaded stays loaded, so its
  // children are not unmounted for a moment, which would lose the page's state.
  const [loaded, setLoaded] = useState<string | null>(null);
  const ready = loaded === `${lang}|${key}`;

  useEffect(() => {
    let live = true;
    void loadModules(lang, key.split(',')).then(() => live && setLoaded(`${lang}|${key}`));
    document.documentElement.lang = lang;
    return () => {
      live = false;
    };
  }, [lang, key]);

  useEffect(() => {
    let live = true;
    void languageList().then((list) => live && setLanguages(list));
    return () => {
      live = false;
    };
  }, []);

  const setLang = useCallback(async (next: Language) => {
    await loadModules(next, key.split(','));
    local.set('lang', next);
    setLangState(next);
  }, [key]);

  const value = useMemo<I18nValue>(() => ({ lang, ready, setLang, languages, t: (k, p) => translate(lang, k, p) }), [lang, ready, setLang, languages]);
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
