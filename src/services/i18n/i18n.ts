import rosetta from 'rosetta';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/constants';
import { local } from '../storage';

/**
 * Messages are fetched, not bundled (shell §7): for each module,
 * ./locale/{module}/{lang}/index.json, then z-index.json on top (a deployment's overrides,
 * optional). Module `global` is always loaded. Keys are `module.path.to.key`.
 */
export const i18n = rosetta<Record<string, unknown>>();
const loaded = new Set<string>();

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The remembered language, else the browser's if we have it, else zh-CN. */
export function initialLanguage(): Language {
  const stored = local.get('lang');
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

async function fetchJson(url: string): Promise<Record<string, unknown> | null> {
  try {
    const res = await fetch(url, { cache: 'no-cache' });
    if (!res.ok) return null;
    return (await res.json()) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export async function loadModules(lang: Language, modules: string[], base = './locale'): Promise<void> {
  const wanted = ['global', ...modules].filter((m) => !loaded.has(`${lang}/${m}`));
  await Promise.all(
    wanted.map(async (module) => {
      const [main, overrides] = await Promise.all([fetchJson(`${base}/${module}/${lang}/index.json`), fetchJson(`${base}/${module}/${lang}/z-index.json`)]);
      i18n.set(lang, { [module]: { ...(main ?? {}), ...(overrides ?? {}) } });
      loaded.add(`${lang}/${module}`);
    }),
  );
}

export function translate(lang: Language, key: string, params?: Record<string, unknown>): string {
  return i18n.t(key, params ?? {}, lang) || key;
}
