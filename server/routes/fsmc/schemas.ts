import { PAGE_LIMIT_MAX } from '../../../src/shared/constants';

/** JSON-schema pieces the shell's routes share. Every body is closed: unknown fields are refused. */
export const body = (properties: Record<string, object>, required: string[] = Object.keys(properties)) =>
  ({ type: 'object', additionalProperties: false, required, properties }) as const;

/** A call that takes no parameters: `{}`, or no body at all. */
export const empty = { anyOf: [{ type: 'object', additionalProperties: false, properties: {} }, { type: 'null' }] } as const;
export const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
export const userCode = { type: 'string', minLength: 1, maxLength: 64 } as const;
/** Page number from 1 and page size, as widgets §3 names them. */
export const paging = body({ start: { type: 'integer', minimum: 1 }, limit: { type: 'integer', minimum: 1, maximum: PAGE_LIMIT_MAX } });
