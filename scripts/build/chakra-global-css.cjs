/**
 * Chakra's global styles as a static style sheet, made at build time (issue 16).
 *
 * ChakraProvider inserts the system's global styles as the page starts: the cascade layers'
 * order, the reset, the global CSS and some 600 token variables, one Emotion `Global` that
 * serialises them and runs them through stylis: the longest single task of the login page's
 * start. They depend on the theme alone (src/services/theme-system.ts), never on the page's
 * state, so the build serialises them once, through the same Emotion code (its server build, which
 * returns the rules instead of inserting them), and the pages link the result as a hashed,
 * immutable file; `pageSystem` (src/widgets/AppProviders.tsx) tells ChakraProvider there is
 * nothing left to insert.
 *
 * `ChakraGlobalCssPlugin` emits `assets/chakra.<hash>.css` and adds it to every page before the
 * scripts; the theme's modules are watched, so a change to the theme rebuilds it.
 */
const { execFileSync } = require('node:child_process');
const crypto = require('node:crypto');
const path = require('node:path');

const ROOT = path.join(__dirname, '../..');
const THEME_SYSTEM = path.join(ROOT, 'src/services/theme-system.ts');
const THEME_DEFAULTS = path.join(ROOT, 'src/services/theme-defaults.ts');

/** Runs in a child process (see below): prints the style sheet. */
function printGlobalCss() {
  require('../diagrams/register.cjs');
  const { system } = require(THEME_SYSTEM);
  const createCache = require('@emotion/cache').default;
  const { serializeStyles } = require('@emotion/serialize');
  const cache = createCache({ key: 'css' });
  // As ChakraProvider's two Globals would, in the same order.
  const sheets = [...(system._config.disableLayers ? [] : [system.layers.atRule]), system._global];
  const css = sheets.map((styles) => cache.insert('', serializeStyles([styles], cache.registered, {}), cache.sheet, false)).join('\n');
  process.stdout.write(css);
}

/**
 * The style sheet's text. In a child process, so the TypeScript hook that runs the theme module
 * is not installed in the bundler's own process.
 */
function chakraGlobalCss() {
  return execFileSync(process.execPath, [__filename, '--print'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
}

class ChakraGlobalCssPlugin {
  apply(compiler) {
    const { Compilation, HtmlRspackPlugin, sources } = compiler.rspack;
    compiler.hooks.thisCompilation.tap('ChakraGlobalCss', (compilation) => {
      let file;
      compilation.hooks.processAssets.tap({ name: 'ChakraGlobalCss', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const css = chakraGlobalCss();
        file = `assets/chakra.${crypto.createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
        compilation.emitAsset(file, new sources.RawSource(css), { immutable: true });
        compilation.fileDependencies.add(THEME_SYSTEM);
        compilation.fileDependencies.add(THEME_DEFAULTS);
      });
      HtmlRspackPlugin.getCompilationHooks(compilation).beforeAssetTagGeneration.tap('ChakraGlobalCss', (data) => {
        data.assets.css.unshift(`${data.assets.publicPath}${file}`);
        return data;
      });
    });
  }
}

if (require.main === module && process.argv.includes('--print')) printGlobalCss();

module.exports = { ChakraGlobalCssPlugin, chakraGlobalCss };
