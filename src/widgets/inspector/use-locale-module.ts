import { useEffect, useState } from 'react';
import { useI18n } from '../../services/i18n/react';
import { loadModules } from '../../services/i18n/i18n';

/**
 * Loads one more locale module for the current language, for a part of the page that the
 * page's own provider did not list (the inspector, a lazily loaded view). True once loaded.
 */
export function useLocaleModule(module: string): boolean {
  const { lang } = useI18n();
  const [loaded, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadModules(lang, [module]).then(() => live && setLoaded(`${lang}/${module}`));
    return () => {
      live = false;
    };
  }, [lang, module]);
  return loaded === `${lang}/${module}`;
}
