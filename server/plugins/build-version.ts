import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { HEADERS, PORTAL_BUILD_META } from '../../src/shared/constants';
import { addPageParts, attribute } from './headers';

/**
 * Which build of the browser app this server serves (docs/request-layer.md, "A new version"):
 * the pages name their build in a <meta>, and every /api answer names the server's in a header,
 * so a page loaded before a deployment learns that it is out of date from its next call and
 * offers a reload, instead of failing on calls whose format changed (an envelope refused, a
 * field the new server requires).
 *
 * The build is a digest of the pages as built: they name every script by its content hash, and
 * the entry scripts name every lazy chunk's, so any change to the app's code changes it, and a
 * rebuild of the same code does not. No static pages (the API alone, as in the server tests):
 * no build, and no page is told anything.
 */
export function buildOf(staticDir: string): string | undefined {
  if (!fs.existsSync(staticDir)) return undefined;
  const pages = fs.readdirSync(staticDir).filter((f) => f.endsWith('.html')).sort();
  if (!pages.length) return undefined;
  const digest = createHash('sha256');
  for (const page of pages) digest.update(page).update('\0').update(fs.readFileSync(path.join(staticDir, page))).update('\0');
  return digest.digest('hex').slice(0, 16);
}

export default fp(async function buildVersion(app: FastifyInstance, { staticDir }: { staticDir: string }) {
  const build = buildOf(staticDir);
  if (!build) return;
  const meta = `<meta name="${PORTAL_BUILD_META}" content="${attribute(build)}">`;
  for (const page of fs.readdirSync(staticDir).filter((f) => f.endsWith('.html'))) addPageParts(app, page, async () => ({ head: [meta] }));
  // A callback hook, not an async one: it runs on every answer, and a promise each is measurable under load.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) reply.header(HEADERS.portalBuild, build);
    done(null, payload);
  });
});
