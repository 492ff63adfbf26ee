/**
 * The hide-button map (widgets §6, §7 "Hidden button list for the user menu"): per function
 * (its page address, the menu's funcUrl), which buttons are shown (`functionDisplay`) and which
 * query parameters are hidden. Pure, shared by the server that builds it from the func-button
 * rows (src/resources/defs/func-button.ts) and the browser that applies it on the resource page.
 */

/** One function's entry: buttons by code → functionDisplay; the parameters hidden, by field name. */
export interface FunctionDisplay {
  buttons: Record<string, boolean>;
  params: string[];
}

export type HideButtonMap = Record<string, FunctionDisplay>;

/** A row of the map as stored (an enabled func-button record). */
export interface FunctionElementRow {
  funcUrl: string;
  elementKind: string;
  elementCode: string;
  functionDisplay: boolean;
}

/**
 * The buttons of the generic resource page, by the code a func-button row names: the toolbar's
 * and each row's (the lifecycle's steps; start/stop pages show their own words for enable and
 * disable, the codes stay). Listed in docs/resources.md for administrators.
 */
export const RESOURCE_TOOLBAR_BUTTONS = ['refresh', 'add', 'import', 'export'] as const;
export const RESOURCE_ROW_BUTTONS = ['view', 'edit', 'submit', 'review', 'enable', 'disable', 'nullify', 'delete'] as const;
/**
 * The edit form's bar (widgets §4 "Edit form modes"). `submit` is the row's code too: hiding it
 * takes the step away wherever the page offers it.
 */
export const RESOURCE_FORM_BUTTONS = ['save', 'submit', 'return', 'close'] as const;
/** The checker's decisions under an approval form (ReviewPanel). */
export const RESOURCE_REVIEW_BUTTONS = ['pass', 'back', 'refuse'] as const;
/**
 * What a family adds beyond the generic page (src/views/resource/extras), by resource code: the
 * codes its row and toolbar buttons answer to.
 */
export const RESOURCE_EXTRA_BUTTONS: Record<string, readonly string[]> = {
  'user-info': ['resetPassword', 'lock', 'stations', 'onlineUsers'],
  duty: ['functions'],
  dictionary: ['dictValues'],
  'data-auth': ['copy'],
  'org-struct': ['structure'],
  license: ['licenceFile', 'licenceCheck', 'publicKey'],
};

/**
 * Builds the map from the rows. Two rows may name the same element (nothing forbids it): the
 * element is hidden when any of them says so, so a second row cannot quietly undo a hiding.
 */
export function hideButtonMap(rows: readonly FunctionElementRow[]): HideButtonMap {
  const map: HideButtonMap = {};
  for (const row of rows) {
    const entry = (map[row.funcUrl] ??= { buttons: {}, params: [] });
    if (row.elementKind === 'param') {
      if (!row.functionDisplay && !entry.params.includes(row.elementCode)) entry.params.push(row.elementCode);
    } else {
      entry.buttons[row.elementCode] = (entry.buttons[row.elementCode] ?? true) && row.functionDisplay;
    }
  }
  for (const entry of Object.values(map)) entry.params.sort();
  return map;
}

/** What a page asks: is this button shown, is this query parameter shown. */
export interface Display {
  button(code: string): boolean;
  param(name: string): boolean;
}

/** Everything shown: a page without an entry, or a map that could not be loaded. */
export const SHOW_ALL: Display = { button: () => true, param: () => true };

/** The display of one function: a button is hidden only when its functionDisplay is false; a parameter when listed. */
export function displayOf(map: HideButtonMap | null | undefined, funcUrl: string): Display {
  const entry = map?.[funcUrl];
  if (!entry) return SHOW_ALL;
  const hiddenParams = new Set(entry.params);
  return { button: (code) => entry.buttons[code] !== false, param: (name) => !hiddenParams.has(name) };
}
