import { startTransition, useEffect, useState } from 'react';
import { useI18n } from './react';
import { loadModules, modulesLoaded } from './i18n';

/**
 * Loads one or more locale modules for the current language, for a part of the page that the
 * page's own provider did not list (the inspector, a lazily loaded view). True once loaded.
 * Modules already in (a language switch brings them first: I18nProvider's setLang) make it
 * true at once, so what it guards is not unmounted for a render, losing what was typed.
 */
export function useLocaleModule(module: string | readonly string[]): boolean {
  const { lang } = useI18n();
  const key = typeof module === 'string' ? module : module.join(',');
  const [loaded, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // What shows once the messages are here (a whole page, often) renders as a transition, which
    // React renders in slices that leave the page responsive (issue 16, total blocking time).
    void loadModules(lang, key.split(',')).then(() => live && startTransition(() => setLoaded(`${lang}/${key}`)));
    return () => {
      live = false;
    };
  }, [lang, key]);
  return loaded === `${lang}/${key}` || modulesLoaded(lang, key.split(','));
}
