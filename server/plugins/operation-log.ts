import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { RESOURCES } from '../../src/resources';
import type { Db } from '../db/database';
import { isReadCall } from '../http/reads';
import { batched } from '../db/batched';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call logs a user in by this method (the contract's `login` flag): logged as a login. */
    login?: 'password' | 'qrcode' | 'cert';
  }
}

/** One row of operate_log as the plugin builds it (docs/operation-log.md). */
export interface OperationEntry {
  createdAt: Date;
  updatedAt: Date;
  createdBy: number | null;
  logDate: string;
  userCode: string | null;
  userName: string | null;
  logKind: 'LOGIN' | 'WRITE';
  loginType: string | null;
  funcCode: string | null;
  route: string;
  resourceCode: string | null;
  recordId: string | null;
  outcome: 'SUCCESS' | 'FAILURE';
  resultCode: number;
  clientAddress: string | null;
}

const RESOURCE_CODES = new Set(RESOURCES.map((def) => def.code));

const cut = (text: unknown, max: number): string | null => (typeof text === 'string' && text !== '' ? text.slice(0, max) : null);

/** The server's own calendar day of a moment: the log's date filter is by the day the server saw. */
function localDay(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/** The answer's `{code, data}` when it is one (a file answer is not: its status says how it went). */
function answerOf(reply: FastifyReply, payload: unknown): { code: number; data: Record<string, unknown> | null } {
  if (typeof payload === 'string' && payload.startsWith('{')) {
    try {
      const body = JSON.parse(payload) as { code?: unknown; data?: unknown };
      if (typeof body.code === 'number') return { code: body.code, data: body.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : null };
    } catch {
      // Not an answer of ours: fall through to the status.
    }
  }
  return { code: reply.statusCode < 400 ? 0 : reply.statusCode, data: null };
}

/** The record a call was about: the body's or the path's id, else the id of what it created. */
function recordIdOf(request: FastifyRequest, data: Record<string, unknown> | null): string | null {
  const body = request.body as Record<string, unknown> | null | undefined;
  const params = request.params as Record<string, unknown> | undefined;
  for (const v of [body && typeof body === 'object' ? body.id : undefined, params?.id, data?.id]) {
    if (typeof v === 'number' || (typeof v === 'string' && /^[0-9]{1,18}$/.test(v))) return String(v);
  }
  return null;
}

/**
 * What a finished /api call leaves in the log, or null when it is not logged: a login (every
 * outcome; the QR poll only when it hands out the session or is refused), or a write (a call
 * that is not a read by method, name or flag) that reached its route with a known caller.
 * Nothing of a body is kept but the user code a login or a forgotten password names.
 */
export function operationEntry(request: FastifyRequest, reply: FastifyReply, payload: unknown, now: number): OperationEntry | null {
  const url = request.routeOptions.url;
  if (!url?.startsWith('/api/')) return null;
  const config = request.routeOptions.config;
  const login = config.login;
  const isWrite = !login && !isReadCall(request);
  if (!login && !isWrite) return null;
  // A guarded call without a live session never reached its route: nobody to name, nothing done.
  if (isWrite && !config.anonymous && !request.user) return null;
  const { code, data } = answerOf(reply, payload);
  const granted = login ? (data?.loginUserInfo as { id?: number; userCode?: string; userName?: string } | undefined) : undefined;
  if (login === 'qrcode' && code === 0 && !granted) return null;
  const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const user = request.user ?? null;
  const func = typeof config.func === 'string' ? config.func : (config.func?.[0] ?? null);
  const family = /^\/api\/fsmc\/([a-z0-9-]+)\//.exec(url)?.[1];
  const at = new Date(now);
  return {
    createdAt: at,
    updatedAt: at,
    createdBy: granted?.id ?? user?.id ?? null,
    logDate: localDay(now),
    userCode: cut(granted?.userCode ?? user?.userCode ?? body.userCode, 64),
    userName: cut(granted?.userName ?? user?.userName, 100),
    logKind: login ? 'LOGIN' : 'WRITE',
    loginType: login ?? null,
    funcCode: cut(func ?? url, 300),
    route: `${request.method} ${url}`.slice(0, 300),
    resourceCode: family && RESOURCE_CODES.has(family) ? family : null,
    recordId: login ? null : recordIdOf(request, data),
    outcome: code === 0 && reply.statusCode < 400 ? 'SUCCESS' : 'FAILURE',
    resultCode: Math.max(-999999, Math.min(999999, Math.trunc(code))),
    clientAddress: cut(request.ip, 64),
  };
}

/** At most this many rows go in one INSERT. */
const LOG_BATCH_MAX = 200;
const logWriters = new WeakMap<Db, (entry: OperationEntry) => Promise<unknown>>();

/**
 * Writes the row. Rows of concurrent calls go together in one multi-row insert (db/batched.ts);
 * when that fails each row is tried alone, so one bad row fails only its own call.
 */
export async function insertOperation(db: Db, entry: OperationEntry): Promise<void> {
  // A resource table, named by its definition: not in the typed Database.
  const table = () => (db as unknown as Kysely<any>).insertInto('operate_log');
  let write = logWriters.get(db);
  if (!write) {
    write = batched(async (entries: OperationEntry[]) => {
      try {
        await table().values(entries).execute();
        return entries.map(() => null);
      } catch (error) {
        if (entries.length === 1) return [error];
        return Promise.all(entries.map((one) => table().values(one).execute().then(() => null, (e: unknown) => e)));
      }
    }, LOG_BATCH_MAX);
    logWriters.set(db, write);
  }
  const failure = await write(entry);
  if (failure) throw failure;
}

/**
 * The operation log (issue 15 point 8, docs/operation-log.md), for every route. The row is
 * written in onSend: after the route's own transaction has committed (so the log never holds a
 * business write's locks, lengthens it, or rolls it back by failing), and before the answer
 * leaves (so a caller that saw a success can count on its row); a streamed answer's row once it
 * has gone (below). An insert that fails is logged
 * with the whole entry and the answer still goes out: the business write has happened.
 */
export default fp(async function operationLog(app: FastifyInstance) {
  const record = async (request: FastifyRequest, entry: OperationEntry) => {
    try {
      await insertOperation(app.db, entry);
    } catch (error) {
      request.log.error({ err: error, operationLog: entry }, 'operation log: insert failed');
    }
  };
  const streamed = new WeakMap<FastifyRequest, OperationEntry>();
  app.addHook('onSend', async (request, reply, payload) => {
    const entry = operationEntry(request, reply, payload, app.clock.now());
    // 503: the database is out of reach; the server log keeps the entry instead.
    if (!entry || reply.statusCode === 503) {
      if (entry) request.log.warn({ operationLog: entry }, 'operation log: database unavailable');
      return payload;
    }
    // A streamed answer (an export's file) is still reading the database through its cursor:
    // on PGlite's single connection an insert now would wait for the stream, and the stream for
    // this hook. Its row is written once the answer has gone.
    if (isStream(payload)) streamed.set(request, entry);
    else await record(request, entry);
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    const entry = streamed.get(request);
    if (entry) await record(request, entry);
  });
});

const isStream = (payload: unknown): boolean => typeof (payload as { pipe?: unknown } | null)?.pipe === 'function';
