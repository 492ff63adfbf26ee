import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/constants';
import { local } from '../storage';

/**
 * The page's language before any locale module has loaded, on its own (no rosetta): index.html's
 * first paint (services/home-first-paint.ts) asks and greets in it before the app's code runs.
 */
export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The remembered language, else zh-CN. */
export function initialLanguage(): Language {
  const stored = local.get('lang');
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}
