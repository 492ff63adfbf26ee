import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig } from '@rspack/cli';
import { rspack, type Compiler, type Configuration } from '@rspack/core';
import { ChakraGlobalCssPlugin } from './scripts/build/chakra-global-css.cjs';

const root = __dirname;
const production = process.env.NODE_ENV !== 'development';
/** DIST_DIR lets a second build (a developer's side run) live apart from ./dist. */
const dist = path.resolve(root, process.env.DIST_DIR ?? 'dist');

const swc = (tsx: boolean) => ({
  loader: 'builtin:swc-loader',
  options: {
    jsc: {
      parser: { syntax: 'typescript', tsx },
      transform: tsx ? { react: { runtime: 'automatic', development: !production } } : {},
      target: 'es2022',
    },
  },
});

const rules = [
  { test: /\.ts$/, exclude: /node_modules/, use: swc(false), type: 'javascript/auto' },
  { test: /\.tsx$/, exclude: /node_modules/, use: swc(true), type: 'javascript/auto' },
];

/**
 * Writes locale/overrides.json: which `{module}/{lang}` has a z-index.json (a deployment's
 * optional overrides), so the browser asks only for those instead of a 404 per module and
 * language. An override added to dist after the build is added to this list too.
 */
class LocaleOverridesPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('LocaleOverrides', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'LocaleOverrides', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const dir = path.join(root, 'locale');
        const overrides = fs
          .readdirSync(dir, { withFileTypes: true })
          .filter((m) => m.isDirectory() && m.name !== 'server')
          .flatMap((m) => fs.readdirSync(path.join(dir, m.name)).filter((lang) => fs.existsSync(path.join(dir, m.name, lang, 'z-index.json'))).map((lang) => `${m.name}/${lang}`))
          .sort();
        compilation.emitAsset('locale/overrides.json', new rspack.sources.RawSource(`${JSON.stringify({ overrides }, null, 2)}\n`));
        compilation.contextDependencies.add(dir);
      });
    });
  }
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each script, style sheet, locale
 * module and state diagram, so the server sends them compressed by the browser's
 * Accept-Encoding (@fastify/static's `preCompressed`) without compressing per request, at the
 * strongest levels since this is paid once per build. Left out: files under 1 kB (one packet
 * either way), a copy that saves less than a tenth, the pages (answered per request with a fresh
 * CSP nonce, server/plugins/headers.ts), and locale/overrides.json, which a deployment edits
 * after the build (docs/shell.md): a stale copy beside it would be sent instead.
 */
const COMPRESSED = /\.(js|mjs|css|svg)$|^locale\/.+\/index\.json$/;
class CompressAssetsPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('CompressAssets', (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name: 'CompressAssets', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, async () => {
        const assets = compilation.getAssets().filter((a) => COMPRESSED.test(a.name) && a.source.size() >= 1024);
        await Promise.all(
          assets.map(async ({ name, source }) => {
            const raw = source.buffer();
            const [br, gz] = await Promise.all([
              brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
              gzip(raw, { level: 9 }),
            ]);
            if (br.length < raw.length * 0.9) compilation.emitAsset(`${name}.br`, new rspack.sources.RawSource(br));
            if (gz.length < raw.length * 0.9) compilation.emitAsset(`${name}.gz`, new rspack.sources.RawSource(gz));
          }),
        );
      });
    });
  }
}

/**
 * index.html runs the app's script only after its first script (entries/index-first-paint.ts) has
 * greeted the user on the home page (services/home-first-paint.ts, issue 16): the app's script
 * is preloaded, so it downloads as early as before, and the first script adds it to the page,
 * named by its `data-app-script`, once the greeting has been painted (at most
 * HOME_FIRST_PAINT_MAX_WAIT_MS later; at once elsewhere). Run as the page parsed, the app's start
 * (its long first task, the requests it makes at once) would come before that paint.
 */
const FIRST_PAINT_ENTRY = 'index-first-paint';
class AppAfterFirstPaintPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('AppAfterFirstPaint', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise('AppAfterFirstPaint', async (data) => {
        if (data.outputName !== 'index.html') return data;
        const scripts = data.assetTags.scripts;
        const first = scripts.find((tag) => String(tag.attributes.src ?? '').includes(`/${FIRST_PAINT_ENTRY}.`));
        const app = scripts.find((tag) => tag !== first);
        if (!first || !app || scripts.length !== 2) throw new Error(`index.html: expected the ${FIRST_PAINT_ENTRY} and index scripts, found ${scripts.map((t) => t.attributes.src).join(', ')}`);
        first.attributes['data-app-script'] = app.attributes.src;
        data.assetTags.scripts = [first];
        // At the low priority a deferred script has: fetched at once, after the page's style sheet.
        data.assetTags.styles.push({ tagName: 'link', voidTag: true, attributes: { rel: 'preload', as: 'script', href: app.attributes.src, fetchpriority: 'low' } });
        return data;
      });
    });
  }
}

/**
 * The browser's callers read the contract's areas as plain data made at build time, without
 * TypeBox, and the shell its resource routes without the resource definitions
 * (scripts/build/build-time-data-loader.cjs, issue 16); the server, the tests and the resource
 * machinery (src/resources, which validates forms with the schemas) use the modules as they are.
 * The contract's modules only declare, so a re-export nobody reads costs nothing (sideEffects).
 */
const buildTimeDataRules = [
  {
    test: /src[\\/](shared[\\/]contract[\\/](?!define\.ts$|endpoint-read\.ts$)[\w-]+|resources[\\/]routes)\.ts$/,
    issuer: /src[\\/](services|views|widgets|machines|entries)[\\/]/,
    use: [{ loader: path.join(root, 'scripts/build/build-time-data-loader.cjs') }],
    type: 'javascript/auto',
  },
  { test: /src[\\/]shared[\\/]contract[\\/][\w-]+\.ts$/, sideEffects: false },
];

/** Chakra's createSystem leaves its global styles uncomputed until read (they come as a static sheet). */
const chakraLazyGlobalRule = {
  test: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/,
  use: [{ loader: path.join(root, 'scripts/build/chakra-lazy-global-loader.cjs') }],
};

/** The browser app: three pages (login.html, index.html, embedded-remarks.html), hashed assets, a chunk per route. */
const client: Configuration = {
  name: 'client',
  mode: production ? 'production' : 'development',
  target: 'web',
  devtool: production ? false : 'eval-source-map',
  entry: {
    login: './src/entries/login.tsx',
    // index.html's first script: the home page's greeting before the app's code runs (services/home-first-paint.ts).
    'index-first-paint': './src/entries/index-first-paint.ts',
    index: './src/entries/index.tsx',
    // The demo page edit forms embed (docs/embedded-pages.md); framed by the portal only.
    'embedded-remarks': './src/entries/embedded-remarks.tsx',
  },
  output: {
    path: path.join(dist, 'public'),
    filename: 'assets/[name].[contenthash:10].js',
    chunkFilename: 'assets/[name].[contenthash:10].js',
    publicPath: 'auto',
    clean: true,
  },
  resolve: {
    extensions: ['.tsx', '.ts', '.js', '.json'],
    // Chakra's theme modules, which its package does not export one by one: a page's start loads
    // the recipes a step ahead of the rest of the theme (src/entries/start-in-steps.ts).
    alias: { 'chakra-theme-parts': path.join(root, 'node_modules/@chakra-ui/react/dist/esm/theme') },
  },
  module: { rules: [...rules, ...buildTimeDataRules, chakraLazyGlobalRule] },
  plugins: [
    new rspack.HtmlRspackPlugin({ template: './src/html/page.html', filename: 'login.html', chunks: ['login'], title: '登录' }),
    new rspack.HtmlRspackPlugin({ template: './src/html/page.html', filename: 'index.html', chunks: ['index-first-paint', 'index'], chunksSortMode: 'manual', title: '资金管理平台' }),
    new rspack.HtmlRspackPlugin({ template: './src/html/page.html', filename: 'embedded-remarks.html', chunks: ['embedded-remarks'], title: '备注' }),
    new rspack.CopyRspackPlugin({
      patterns: [
        { from: 'locale', to: 'locale', globOptions: { ignore: ['**/server/**'] } },
        // The generated state diagrams, for #/diagrams and the inspector (npm run diagrams).
        { from: 'docs/diagrams', to: 'diagrams', globOptions: { ignore: ['**/*.md'] }, noErrorOnMissing: true },
        // PDF.js's data for the previewer, fetched by its worker only when a pdf needs it: the
        // predefined CMaps (Chinese pdfs whose fonts are not embedded), the standard fonts and the
        // image decoders' script fallbacks (scans in JBIG2 or JPEG 2000; no WebAssembly is run).
        { from: 'node_modules/pdfjs-dist/cmaps', to: 'pdfjs/cmaps' },
        { from: 'node_modules/pdfjs-dist/standard_fonts', to: 'pdfjs/standard_fonts' },
        { from: 'node_modules/pdfjs-dist/wasm', to: 'pdfjs/wasm', globOptions: { ignore: ['**/*.wasm', '**/quickjs-*'] } },
      ],
    }),
    new AppAfterFirstPaintPlugin(),
    new LocaleOverridesPlugin(),
    new ChakraGlobalCssPlugin(),
    ...(production ? [new CompressAssetsPlugin()] : []),
    new rspack.DefinePlugin({ 'process.env.INSPECTOR': JSON.stringify(process.env.INSPECTOR ?? (production ? 'off' : 'on')) }),
  ],
  performance: { hints: false },
};

/** The portal server as one ES module; packages stay in node_modules (PGlite ships wasm). */
const server: Configuration = {
  name: 'server',
  mode: production ? 'production' : 'development',
  target: 'node20',
  devtool: 'source-map',
  entry: { main: './server/main.ts' },
  output: {
    path: path.join(dist, 'server'),
    filename: '[name].mjs',
    chunkFilename: '[name].mjs',
    module: true,
    chunkFormat: 'module',
    library: { type: 'module' },
    clean: true,
  },
  externalsType: 'module-import',
  externalsPresets: { node: true },
  externals: [({ request }, callback) => (request && !request.startsWith('.') && !path.isAbsolute(request) ? callback(undefined, request) : callback())],
  resolve: { extensions: ['.ts', '.js', '.json'] },
  module: { rules },
  optimization: { minimize: false },
};

export default defineConfig([client, server]);
