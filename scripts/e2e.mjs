// `npm run test:e2e`: the end-to-end tests on their own, as `npm test` runs them: Debian's
// chromium present, the production build fresh (rebuilt when a source is newer than dist),
// then Playwright with whatever arguments were given (a spec file, -g, --headed…).
import { ensureBuild, ensureChromium, ensureDependencies, run } from './setup.mjs';

ensureDependencies();
ensureChromium();
const build = ensureBuild();
if (!build.ok) process.exit(1);
const args = process.argv.slice(2).map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
process.exit(run(`npx playwright test ${args}`).ok ? 0 : 1);
