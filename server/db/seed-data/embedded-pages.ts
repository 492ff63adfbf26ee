/**
 * The demo embedded page (docs/embedded-pages.md): the department form embeds the remarks page
 * this server serves (embedded-remarks.html, relative to the portal's page, so it works under
 * any BASE_PATH). Department, because no other end-to-end test saves one: the demo refuses an
 * empty remark, which a test adding organisations or rates would then have to fill in.
 */
export const EMBEDDED_PAGES = [
  { formCode: 'department', iframeTitle: '补充备注', iframeName: 'remarks', iframeUrl: 'embedded-remarks.html', iframeHeight: 180, iframeOrder: 1 },
];
