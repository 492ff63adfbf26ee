import { UserCode } from './common';
import { Body, Type, endpoint } from './define';

/** The by-user page of data authorisation (src/resources/defs/data-auth.ts): the one page over every kind of grant. */
export const DATA_AUTH_BY_USER = '/data-auth/user';

/**
 * Data authorisation's calls beside its resource family (docs/data-auth.md): copying one
 * user's grants to another ("data-auth copy exists", portal-shell §5). Under the by-user page's
 * function only: a copy carries every kind of grant.
 */
export const dataAuth = {
  copy: endpoint({
    path: '/api/fsmc/data-auth/copy',
    summary:
      "Copies every grant in force (approved, enabled) of one user to another, as new grants submitted for review. Refused when the target already has a grant that is not nullified or refused (2205, copy exists), when both are the same user (2206), when the source has no grant in force (2207); either user unknown or disabled: 2101.",
    body: Body({ fromUser: UserCode, toUser: UserCode }),
    data: Type.Object({ copied: Type.Integer({ minimum: 1 }) }),
    flags: { func: DATA_AUTH_BY_USER, requestToken: true },
    // The dialog shows a refusal where the users are chosen; no toast as well.
    client: { inlineErrors: true },
  }),
};
