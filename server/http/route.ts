import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Endpoint, type Static } from '../../src/shared/contract';
import type { FieldLabels } from '../../src/shared/contract/define';
import type { Answer } from '../../src/shared/codes';

/**
 * What a handler may hand back for an answer's data: the contract's type, except that a time
 * may still be a Date (the serialiser writes it as ISO text). Columns the schema does not name
 * may be present; the answer schema cuts them.
 */
export type Wire<T> = T extends string ? T | Date : T extends ReadonlyArray<infer U> ? ReadonlyArray<Wire<U>> : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;

export type RouteRequest<E extends Endpoint> = FastifyRequest<{ Body: Static<E['body']>; Querystring: Static<E['body']>; Params: Record<string, unknown> }>;
export type RouteHandler<E extends Endpoint> = (request: RouteRequest<E>, reply: FastifyReply) => Promise<Answer<Wire<Static<E['data']>>> | FastifyReply>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The endpoint's field labels (a resource's): a refused body names its fields by them (plugins/errors.ts). */
    labels?: FieldLabels;
  }
}

/** The `{code, msg, data}` answer schema of an endpoint. */
export const answerSchema = (endpoint: Endpoint) => Type.Object({ code: Type.Integer(), msg: Type.String(), data: endpoint.data });

const isEmptyBody = (endpoint: Endpoint) => Array.isArray((endpoint.body as { anyOf?: unknown[] }).anyOf) && endpoint.method === 'GET';

/**
 * Registers a route from its contract entry: path (under the plugin's prefix), method, body
 * (or query) schema, answer schema and route flags (docs/api/README.md). The one way a route
 * is added, so no route can skip its schemas.
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: RouteHandler<E>): void {
  const prefix = app.prefix;
  if (!endpoint.path.startsWith(`${prefix}/`)) throw new Error(`${endpoint.path} is not under ${prefix}`);
  const { anonymous, requestToken, notEncrypted, admin, func, read, login } = endpoint.flags;
  const input = isEmptyBody(endpoint) || endpoint.multipart ? {} : endpoint.method === 'GET' ? { querystring: endpoint.body } : { body: endpoint.body };
  app.route({
    method: endpoint.method,
    url: endpoint.path.slice(prefix.length),
    config: { anonymous, requestToken, admin, func, read, login, ...(notEncrypted ? { envelope: false } : {}), ...(endpoint.labels ? { labels: endpoint.labels } : {}) },
    schema: { ...input, ...(endpoint.params ? { params: endpoint.params } : {}), ...(endpoint.file ? {} : { response: { 200: answerSchema(endpoint) } }) },
    handler: handler as never,
  });
}
