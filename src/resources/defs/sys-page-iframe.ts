import { col, defineResource, int, operation, seq, state, text } from '../define';
import { EMBEDDED_FRAME_HEIGHT_DEFAULT, EMBEDDED_FRAME_HEIGHT_MAX, EMBEDDED_FRAME_HEIGHT_MIN } from '../../shared/constants';
import { EMBEDDED_URL_MAX } from '../../shared/embedded-protocol';

/**
 * The pages an edit form embeds (widgets §3 "Embedded page (iframe) info"; docs/embedded-pages.md),
 * per form code (a resource's code). Whether one is active (`iframeActive` on the wire) is the
 * record's enabled flag: disabling it takes it out of the form. The address is checked by the
 * server's hook (server/resources/sys-page-iframe-hooks.ts): a path on this site, or https at an
 * allowed origin.
 */
export default defineResource({
  code: 'sys-page-iframe',
  path: '/sys-page-iframe',
  table: 'sys_page_iframe',
  label: { 'zh-CN': '嵌入页面设置', 'en-US': 'Embedded pages' },
  fields: {
    formCode: text('表单代码', 'Form code', { max: 64, pattern: '^[a-z][a-z0-9-]*$', patternHint: 'resource.hint.code', required: true }),
    iframeTitle: text('标题', 'Title', { max: 100, required: true }),
    iframeName: text('名称', 'Name', { max: 64, pattern: '^[A-Za-z][A-Za-z0-9_]*$', patternHint: 'resource.hint.identifier', required: true }),
    iframeUrl: text('页面地址', 'Address', { max: EMBEDDED_URL_MAX, required: true }),
    iframeHeight: int('高度（像素）', 'Height (px)', { min: EMBEDDED_FRAME_HEIGHT_MIN, max: EMBEDDED_FRAME_HEIGHT_MAX, required: true, default: EMBEDDED_FRAME_HEIGHT_DEFAULT }),
    iframeOrder: int('顺序', 'Order', { min: 0, max: 9999, required: true, default: 0 }),
  },
  query: ['formCode', 'iframeTitle'],
  columns: [seq(), col('formCode', 'code'), col('iframeTitle'), col('iframeName', 'code'), col('iframeUrl'), col('iframeHeight'), col('iframeOrder'), state(), operation()],
  title: 'iframeTitle',
  sort: { field: 'formCode', order: 'asc' },
  lifecycle: 'enable-disable',
});
