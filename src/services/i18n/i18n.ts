import rosetta from 'rosetta';
import type { Language } from '../../shared/constants';

/**
 * Messages are fetched, not bundled (shell §7): for each module,
 * ./locale/{module}/{lang}/index.json, then z-index.json on top (a deployment's overrides,
 * optional). Module `global` is always loaded. Keys are `module.path.to.key`.
 *
 * Which overrides exist is listed in ./locale/overrides.json (written by the build from the
 * z-index.json files it copies), read once: asking for every optional file would log a 404
 * per module and language on every page.
 */
export const i18n = rosetta<Record<string, unknown>>();
const loaded = new Set<string>();
/** The build's list of override files, as `{module}/{lang}`; per base address, fetched once. */
const overrideLists = new Map<string, Promise<ReadonlySet<string>>>();

function overridesAt(base: string): Promise<ReadonlySet<string>> {
  let list = overrideLists.get(base);
  if (!list) {
    list = fetchJson(`${base}/overrides.json`).then((m) => new Set(Array.isArray(m?.overrides) ? m.overrides.filter((o): o is string => typeof o === 'string') : []));
    overrideLists.set(base, list);
  }
  return list;
}

export { initialLanguage, isLanguage } from './initial-language';

async function fetchJson(url: string): Promise<Record<string, unknown> | null> {
  try {
    const res = await fetch(url, { cache: 'no-cache' });
    if (!res.ok) return null;
    return (await res.json()) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** Modules being fetched: a page's entry asks for its modules before React starts, the provider again as it mounts; one fetch serves both. */
const inFlight = new Map<string, Promise<void>>();

export async function loadModules(lang: Language, modules: string[], base = './locale'): Promise<void> {
  const wanted = ['global', ...modules].filter((m) => !loaded.has(`${lang}/${m}`));
  if (wanted.length === 0) return;
  await Promise.all(
    wanted.map((module) => {
      const key = `${base}|${lang}/${module}`;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = (async () => {
          // The module's messages are asked for beside the overrides list, not after it (one round trip less).
          const main = fetchJson(`${base}/${module}/${lang}/index.json`);
          const overrides = (await overridesAt(base)).has(`${module}/${lang}`) ? await fetchJson(`${base}/${module}/${lang}/z-index.json`) : null;
          const mainMessages = await main;
          i18n.set(lang, { [module]: { ...(mainMessages ?? {}), ...(overrides ?? {}) } });
          loaded.add(`${lang}/${module}`);
        })().finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    }),
  );
}

/** Whether these modules are in for this language: what needs them can render at once. */
export function modulesLoaded(lang: Language, modules: readonly string[]): boolean {
  return ['global', ...modules].every((m) => loaded.has(`${lang}/${m}`));
}

/**
 * The modules loaded in a language. A language switch brings the same ones in the next
 * language before it shows: a lazily loaded page then stays mounted, with what was typed in it.
 */
export function loadedModules(lang: Language): string[] {
  return [...loaded].filter((k) => k.startsWith(`${lang}/`)).map((k) => k.slice(lang.length + 1));
}

export function translate(lang: Language, key: string, params?: Record<string, unknown>): string {
  return i18n.t(key, params ?? {}, lang) || key;
}
