import { Type, type Static, type TSchema } from 'typebox';
import { DB_ID_MAX, PAGE_LIMIT_MAX, PAGE_START_MAX, type Language } from '../constants';

/**
 * How a call of the server is declared (docs/api/README.md): once, here, in pure shared code.
 * The server registers its route from the declaration (body and answer schemas, route flags);
 * the browser calls it through `call(endpoint, data)`; docs/api is generated from it.
 */

/** Route flags the server's plugins read from the route config. */
export interface RouteFlags {
  /** Answers without a session (login page calls). */
  anonymous?: boolean;
  /** Creates something: needs a fresh request token (a double click creates one record). */
  requestToken?: boolean;
  /** Also takes a plain JSON body (the envelope is optional). */
  notEncrypted?: boolean;
  /** Only administrators (userType 1). */
  admin?: boolean;
  /** Only users whose duties grant this function code, or one of these codes (a resource's several pages). */
  func?: string | readonly string[];
  /**
   * A POST that only asks (a list, a status, a form's layout): not a write, so the operation log
   * leaves it out (docs/operation-log.md). GETs and the calls named query…, validate-…,
   * check-repeat and rule-code are reads without it.
   */
  read?: boolean;
  /** The call logs a user in by this method: the operation log records it as a login (LoginType values). */
  login?: 'password' | 'qrcode' | 'cert';
}

/** Options of the browser's client for this call. */
export interface ClientFlags {
  /** Not counted in the loading overlay (background calls, polls). */
  noLoading?: boolean;
  /** A form shows this call's refusal inline: no toast as well (one message, not two). */
  inlineErrors?: boolean;
}

/** Field names to their labels in each language. */
export type FieldLabels = Readonly<Record<string, Readonly<Record<Language, string>>>>;

export interface Endpoint<B extends TSchema = TSchema, D extends TSchema = TSchema> {
  method: 'GET' | 'POST';
  /** The full path, /api/<area>/… */
  path: string;
  /** One line for docs/api. */
  summary: string;
  /** POST: the JSON body; GET: the query string. */
  body: B;
  /** The path's parameters (`:id` in the path), when it has any. */
  params?: TSchema;
  /** The answer's `data`. */
  data: D;
  flags: RouteFlags;
  client: ClientFlags;
  /**
   * What a refusal of the body calls its fields, by language (a resource's field labels): the
   * server's locale names the others (`field.<name>`), or the name itself.
   */
  labels?: FieldLabels;
  /** The answer is a file, not `{code, msg, data}` (data describes nothing then). */
  file?: boolean;
  /**
   * A multipart upload: `body` describes its fields, which the handler checks itself as it reads
   * the stream (a JSON body schema cannot see them before the file part streams by).
   */
  multipart?: boolean;
}

export type BodyOf<E extends Endpoint> = Static<E['body']>;
export type DataOf<E extends Endpoint> = Static<E['data']>;

export function endpoint<B extends TSchema, D extends TSchema>(
  spec: { method?: 'GET' | 'POST'; path: string; summary: string; body?: B; params?: TSchema; data: D; flags?: RouteFlags; client?: ClientFlags; labels?: FieldLabels; file?: boolean; multipart?: boolean },
): Endpoint<B, D> {
  return {
    method: spec.method ?? 'POST',
    path: spec.path,
    summary: spec.summary,
    body: (spec.body ?? Empty) as B,
    ...(spec.params ? { params: spec.params } : {}),
    data: spec.data,
    flags: spec.flags ?? {},
    client: spec.client ?? {},
    ...(spec.labels ? { labels: spec.labels } : {}),
    ...(spec.file ? { file: true } : {}),
    ...(spec.multipart ? { multipart: true } : {}),
  };
}

// Pure readers of a declaration, in their own file so a page can have them without TypeBox.
export { maxLengthOf, pathOf } from './endpoint-read';

// ---- Building blocks: every string and number is bounded ---------------------------------

/** No NUL: PostgreSQL cannot store it in text, and no user types one. */
const NO_NUL = '^[^\\u0000]*$';

/** A bounded string; `min` 0 allows the empty string. */
export const Text = (max: number, options: { min?: number; pattern?: string } = {}) =>
  Type.String({ minLength: options.min ?? 0, maxLength: max, pattern: options.pattern ?? NO_NUL });
/** A bounded string that must not be empty. */
export const Required = (max: number) => Text(max, { min: 1 });
/** One of the given strings. */
export const OneOf = <const T extends string[]>(values: readonly [...T]) => Type.Enum(values);
/** A database id (PostgreSQL integer). */
export const Id = Type.Integer({ minimum: 1, maximum: DB_ID_MAX });
/** A closed object: a field the schema does not name is refused, never dropped. */
export const Body = <P extends Record<string, TSchema>>(properties: P) => Type.Object(properties, { additionalProperties: false });
/** A call that takes no parameters: `{}`, or no body at all. */
export const Empty = Type.Union([Type.Object({}, { additionalProperties: false }), Type.Null()]);
/** A time the server sends as ISO 8601 text (the server may hand a Date to the serialiser). */
export const Timestamp = Type.Unsafe<string>({ type: 'string', format: 'date-time' });
/** An answer with nothing in it. */
export const Nothing = Type.Null();

/** Page number from 1 and page size, as widgets §3 names them. */
export const Paging = Body({ start: Type.Integer({ minimum: 1, maximum: PAGE_START_MAX }), limit: Type.Integer({ minimum: 1, maximum: PAGE_LIMIT_MAX }) });
/** A page of rows. */
export const Page = <T extends TSchema>(row: T) => Type.Object({ rows: Type.Array(row), total: Type.Integer({ minimum: 0 }) });

export { Type, type Static, type TSchema };
