/**
 * What the browser benches share (table-render, menu-browser): building a bench page with
 * rspack (production mode, into a temporary directory, never part of the app's bundle),
 * serving it and the locale files from a throwaway static server on 127.0.0.1, and starting
 * Debian's Chromium with the flags of playwright.config.ts.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { chromium, type Browser } from '@playwright/test';
import { chakraGlobalCss } from '../../scripts/build/chakra-global-css.cjs';

const ROOT = path.join(__dirname, '..', '..');

/** The flags of playwright.config.ts, and gc() for the page so each round starts with a clean heap. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--js-flags=--expose-gc'];

/**
 * Builds `entry` (a .tsx under bench/) into `outDir` as bench.js, with an index.html whose body
 * holds `body` then the script, and which links Chakra's global style sheet (reset, token
 * variables) as the app's pages do: without it the widgets are drawn unstyled, which costs the
 * browser less than what users get. `minimize: false` keeps modules named by path (profiles).
 */
export function buildPage(entry: string, outDir: string, { minimize = true, body = '<div id="root"></div>' }: { minimize?: boolean; body?: string } = {}): Promise<void> {
  const swc = (tsx: boolean) => ({
    loader: 'builtin:swc-loader',
    options: { jsc: { parser: { syntax: 'typescript', tsx }, transform: tsx ? { react: { runtime: 'automatic', development: false } } : {}, target: 'es2022' } },
  });
  const config: Configuration = {
    mode: 'production',
    context: ROOT,
    target: 'web',
    devtool: false,
    entry: { bench: entry },
    output: { path: outDir, filename: '[name].js', chunkFilename: '[name].js', publicPath: '/', clean: true },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
    module: {
      rules: [
        { test: /\.ts$/, exclude: /node_modules/, use: swc(false), type: 'javascript/auto' },
        { test: /\.tsx$/, exclude: /node_modules/, use: swc(true), type: 'javascript/auto' },
      ],
    },
    plugins: [new rspack.DefinePlugin({ 'process.env.INSPECTOR': JSON.stringify('off') })],
    optimization: { minimize, ...(minimize ? {} : { moduleIds: 'named' as const }) },
    performance: { hints: false },
  };
  return new Promise((resolve, reject) =>
    rspack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      fs.writeFileSync(path.join(outDir, 'chakra.css'), chakraGlobalCss());
      fs.writeFileSync(
        path.join(outDir, 'index.html'),
        `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><link rel="stylesheet" href="/chakra.css"><title>bench</title></head><body>${body}<script src="/bench.js"></script></body></html>`,
      );
      resolve();
    }),
  );
}

/** Serves the built page, and /locale/… from the repository (as the app's build copies it), on BENCH_PORT or any free port. */
export function servePage(outDir: string): Promise<http.Server> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css' };
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = url.startsWith('/locale/') ? path.join(ROOT, url) : path.join(outDir, url === '/' ? 'index.html' : url);
    const inside = file.startsWith(path.join(ROOT, 'locale') + path.sep) || file.startsWith(outDir + path.sep);
    if (!inside || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' }).end(fs.readFileSync(file));
  });
  return new Promise((resolve) => server.listen(Number(process.env.BENCH_PORT ?? 0), '127.0.0.1', () => resolve(server)));
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}
