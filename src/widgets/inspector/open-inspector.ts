/**
 * When the inspector opens: `?inspect=1` in the address (before or after the hash, since
 * the app routes by hash), or the shortcut Alt+Shift+I, which toggles it.
 */
export const INSPECTOR_SHORTCUT = { altKey: true, shiftKey: true, code: 'KeyI' } as const;

export function wantsInspector(location: { search: string; hash: string }): boolean {
  const inHash = location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?')) : '';
  return [location.search, inHash].some((q) => new URLSearchParams(q).get('inspect') === '1');
}

export function isInspectorShortcut(e: { altKey: boolean; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; code: string }): boolean {
  return e.altKey === INSPECTOR_SHORTCUT.altKey && e.shiftKey === INSPECTOR_SHORTCUT.shiftKey && !e.ctrlKey && !e.metaKey && e.code === INSPECTOR_SHORTCUT.code;
}
