import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HEADERS } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import type { CertRequired } from '../../src/shared/contract/cert';
import { refuse } from '../http/answer';
import { isReadCall } from '../http/reads';
import { consumeCertFlag } from '../services/cert-login';


/**
 * Of the route's functions, the first an in-force certificate setting covers (approved and
 * enabled cert-set rows: the function itself, or its first-level menu), with its name; null
 * when none. Read per request: a setting applies as soon as it is approved, with no cache to
 * invalidate.
 */
async function coveredFunc(request: FastifyRequest, funcs: readonly string[]): Promise<{ funcUrl: string; name: string; nameEn: string } | null> {
  const { rows } = await sql<{ funcUrl: string; name: string; nameEn: string }>`
    with recursive up(id, father, leaf_url, leaf_name, leaf_name_en) as (
      select id, father_function_id, func_url, function_name, function_name_en from func where func_url in (${sql.join([...funcs])})
      union all
      select f.id, f.father_function_id, up.leaf_url, up.leaf_name, up.leaf_name_en from func f join up on f.id = up.father
    )
    select distinct up.leaf_url as "funcUrl", up.leaf_name as "name", up.leaf_name_en as "nameEn" from up
    join cert_set c on c.record_state = 'approved' and c.enabled
      and ((c.set_type = 'func' and c.target = up.leaf_url) or (c.set_type = 'module' and up.father is null and c.target = cast(up.id as varchar)))`.execute(request.server.db);
  for (const f of funcs) {
    const row = rows.find((r) => r.funcUrl === f);
    if (row) return row;
  }
  return null;
}

/**
 * Business confirmation by certificate (shell §4, §8; docs/certificates.md, "The cert-set
 * guard"). A write of a function a certificate setting covers needs the header valid-flag
 * holding a flag validateCert issued to this session for that function, used up by this call.
 * Without one: HTTP 412 with CertRequired (the browser opens the certificate dialog, then sends
 * the call again with the flag); a used, foreign or stale flag: 2921/2922, not 412.
 * After permissions (a user without the function gets 403 first) and before the request token is
 * used up (the call the 412 stopped is sent again with the same token).
 */
export default fp(async function certGuard(app: FastifyInstance) {
  app.addHook('preHandler', async (request, reply) => {
    const { func } = request.routeOptions.config;
    // Reads never need a certificate (guarding the form's uniqueness check once used up the
    // flag meant for the save, which then asked again).
    if (!func || isReadCall(request)) return;
    const covered = await coveredFunc(request, typeof func === 'string' ? [func] : func);
    if (!covered) return;
    const header = request.headers[HEADERS.validFlag];
    if (typeof header === 'string' && header !== '') {
      await consumeCertFlag(app.db, header, request.sessionTokenHash, covered.funcUrl, app.clock.now());
      return;
    }
    const funcName = request.lang === 'en-US' && covered.nameEn ? covered.nameEn : covered.name;
    const data: CertRequired = { certRequired: true, funcCode: covered.funcUrl, message: request.t(`code.${CODE.certRequired}`, { funcName }) };
    reply.header(HEADERS.confirmUrl, request.url.split('?')[0]);
    reply.header(HEADERS.confirmMethod, request.method);
    throw refuse(CODE.certRequired, { funcName }, { status: 412, data });
  });
});
