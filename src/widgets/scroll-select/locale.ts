import { loadModules } from '../../services/i18n/i18n';
import type { Language } from '../../shared/constants';

/** The dropdown's own locale module, loaded once per language whatever page draws it (for React's `use`). */
const loading = new Map<Language, Promise<void>>();
export function scrollLocale(lang: Language): Promise<void> {
  let p = loading.get(lang);
  if (!p) loading.set(lang, (p = loadModules(lang, ['scroll'])));
  return p;
}
