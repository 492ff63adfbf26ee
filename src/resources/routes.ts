import type { Label } from './define';
import { RESOURCES } from './index';
import { viewsOf } from './pages';

/**
 * Where each resource's pages are (pages.ts), without the definitions: the shell's routes and
 * links need only these, and the browser gets them as data made at build time
 * (scripts/build/build-time-data-loader.cjs), so the definitions, their lookups and the schemas
 * load with the resource page (issue 16).
 */
export interface ResourceRoute {
  /** The resource's code (its business type in the approval flows). */
  resource: string;
  /** The page's code (pages.ts `ResourceView.code`): the resource's own, or `<code>.<page>`. */
  code: string;
  path: string;
  label: Label;
}

export const RESOURCE_ROUTES: readonly ResourceRoute[] = RESOURCES.flatMap(viewsOf).map((v) => ({ resource: v.def.code, code: v.code, path: v.path, label: v.label }));
