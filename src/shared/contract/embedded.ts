import { EMBEDDED_REMARK_MAX } from '../constants';
import { RECORD_KEY_PATTERN } from '../embedded-protocol';
import { Body, Id, Nothing, Text, Type, endpoint, type Static } from './define';

/**
 * Embedded pages of edit forms (widgets §3 "Embedded page (iframe) info", §7 "Edit form": GET
 * the embedded-page info URL + form code; docs/embedded-pages.md), and the demo guest page's
 * own calls (embedded-remarks.html).
 *
 * A form code is a resource's code. Both the list and the remarks are for whoever may use that
 * form: the caller's duties must grant the resource's function (403 otherwise); an unknown code
 * is refused with 1901. The pages themselves are administered at /sys-page-iframe (the
 * sys-page-iframe resource family).
 */
export const FormCode = Text(64, { min: 1, pattern: '^[a-z][a-z0-9-]*$' });

/** Widgets §3 "Embedded page (iframe) info"; iframeActive is the record's enabled flag. */
export const EmbeddedPageInfo = Type.Object({
  id: Id,
  iframeTitle: Type.String(),
  iframeName: Type.String(),
  iframeUrl: Type.String(),
  iframeHeight: Type.Integer(),
  iframeOrder: Type.Integer(),
  iframeActive: Type.Boolean(),
});
export type EmbeddedPageInfo = Static<typeof EmbeddedPageInfo>;

const RemarkRef = { formCode: FormCode, recordKey: Text(64, { min: 1, pattern: RECORD_KEY_PATTERN }) };

export const embedded = {
  pages: endpoint({
    method: 'GET',
    path: '/api/fsmc/sys-page-iframe/info/:formCode',
    summary: 'The active embedded pages of a form, in their order (for users the form’s function is granted to; 1901 for an unknown form code).',
    params: Body({ formCode: FormCode }),
    data: Type.Array(EmbeddedPageInfo),
    client: { noLoading: true },
  }),
  remark: endpoint({
    path: '/api/fsmc/embedded-remarks/query',
    summary: 'Demo guest page: the remark kept for a form code and record key (null when none).',
    body: Body(RemarkRef),
    data: Type.Object({ remark: Type.Union([Type.String(), Type.Null()]) }),
    client: { noLoading: true },
  }),
  saveRemark: endpoint({
    path: '/api/fsmc/embedded-remarks/save',
    summary: `Demo guest page: keeps the remark (1 to ${EMBEDDED_REMARK_MAX} characters) for a form code and record key.`,
    body: Body({ ...RemarkRef, remark: Text(EMBEDDED_REMARK_MAX, { min: 1 }) }),
    data: Nothing,
    client: { noLoading: true, inlineErrors: true },
  }),
};
