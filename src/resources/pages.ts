import type { FieldDef, Label, ResourceDef } from './define';
import { choiceOf } from './field-choice';

/**
 * The pages a resource is shown on (define.ts `pages`): its own, with every record, and one per
 * page it declares, fixed to that page's hidden params. One generic ResourcePage draws each;
 * the routes list them all (src/views/routes.ts).
 */
export interface ResourceView {
  def: ResourceDef;
  /** Where the page keeps its settings (saved queries, columns, drafts): the resource's code, `<code>.<page>` for a declared page. */
  code: string;
  path: string;
  label: Label;
  /** The values the page fixes: sent with every query, the add form's start, never shown as a filter or column. */
  hidden: Record<string, string>;
}

export function viewsOf(def: ResourceDef): ResourceView[] {
  return [
    { def, code: def.code, path: def.path, label: def.label, hidden: {} },
    ...(def.pages ?? []).map((p) => ({ def, code: `${def.code}.${p.name}`, path: p.path, label: p.label, hidden: p.hidden as Record<string, string> })),
  ];
}

/**
 * Whether a field has a place on the page: not one it fixes (its queries carry it), nor a
 * `choiceBy` field the fixed values leave without a chooser (a structure on the account page).
 * The add and edit forms still show fixed fields, read-only, so the user sees what is fixed.
 */
export function shownOnPage(view: ResourceView, field: string): boolean {
  if (field in view.hidden) return false;
  const f: FieldDef | undefined = view.def.fields[field];
  if (!f?.choiceBy || !(f.choiceBy.field in view.hidden)) return true;
  return choiceOf(f, view.hidden).state !== 'none';
}
