/**
 * Chakra's createSystem, in the browser bundle, computes its global styles only when read
 * (issue 16). They make up about a quarter of createSystem's work (the reset, and every token
 * variable run through the css function), which is one task the page cannot split, and the
 * pages never read them: they come as the build's static style sheet
 * (scripts/build/chakra-global-css.cjs), which computes them, unchanged, from Chakra's own build.
 *
 * The two statements are matched exactly (Chakra is pinned in package.json); if a new Chakra
 * writes them otherwise, the build fails here instead of silently shipping the slower code.
 */
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const LAZY = 'let _globalCss; const lazyGlobal = () => (_globalCss ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);';
const FIELD = '    _global,\n';
const GETTER = '    get _global() { return lazyGlobal(); },\n';

/**
 * And a configuration merged beforehand (src/services/theme-config.ts, marked with its symbol) is
 * taken as it is: createSystem would merge it again, deep-copying every token and recipe, in the
 * one task the page cannot split, where the page merged it in a task of its own.
 */
const MERGE = 'const config = mergeConfigs(...configs);';
const MERGED = "const config = configs.length === 1 && configs[0]?.[Symbol.for('treasury-portal.chakra.merged-config')] ? configs[0] : mergeConfigs(...configs);";

/** The source of Chakra's system.js as the browser bundle takes it; throws when it no longer reads as expected. */
function chakraLazyGlobalLoader(source) {
  if (!source.includes(EAGER) || !source.includes(FIELD) || !source.includes(MERGE)) {
    throw new Error(`chakra-lazy-global-loader: ${this?.resourcePath ?? 'system.js'} no longer builds _global or merges its configs as expected; check the new Chakra's system.js and update the loader`);
  }
  return source.replace(EAGER, LAZY).replace(FIELD, GETTER).replace(MERGE, MERGED);
}
module.exports = chakraLazyGlobalLoader;
