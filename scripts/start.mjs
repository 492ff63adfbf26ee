// `npm start`: set up what is missing, then run the portal server in this process (so
// SIGINT/SIGTERM reach it directly and it closes the database cleanly).
import { ensureBuild, ensureDependencies, ROOT } from './setup.mjs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

ensureDependencies();
const build = ensureBuild();
if (!build.ok) process.exit(1);
process.chdir(ROOT);
// The build ensureBuild made: DIST_DIR's when set (a side build), with its static files.
const dist = path.resolve(ROOT, process.env.DIST_DIR ?? 'dist');
process.env.STATIC_DIR ??= path.join(dist, 'public');
await import(pathToFileURL(path.join(dist, 'server', 'main.mjs')).href);
