import { createElement, lazy, Suspense, type ComponentType } from 'react';
import type { RowExtraProps, ToolbarExtraProps } from './types';

export type { RowExtraProps, ToolbarExtraProps } from './types';

export interface ResourceExtras {
  /** Rendered beside a row's lifecycle buttons, with `{ def, row, reload }`. */
  rowActions?: ComponentType<RowExtraProps>;
  /** Rendered in the page's toolbar, with `{ def, reload }`. */
  toolbar?: ComponentType<ToolbarExtraProps>;
}

/** A component loaded with its own chunk on first render, so pages without extras never load it. */
function deferred<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Lazy = lazy(load);
  return function Deferred(props: P) {
    return createElement(Suspense, { fallback: null }, createElement(Lazy as ComponentType<P>, props));
  };
}

/**
 * What a resource family offers beyond the generic query page (issue 10 point 3), by resource
 * code: the generic ResourcePage renders `rowActions` beside each row's buttons and `toolbar`
 * beside its own, passing the props above. Users: reset password, lock, duty stations, online
 * users. Duties: the function tree.
 */
export const RESOURCE_EXTRAS: Record<string, ResourceExtras> = {
  'user-info': {
    rowActions: deferred(() => import('./UserExtras').then((m) => ({ default: m.UserRowActions }))),
    toolbar: deferred(() => import('./UserExtras').then((m) => ({ default: m.UserToolbar }))),
  },
  duty: {
    rowActions: deferred(() => import('./DutyExtras').then((m) => ({ default: m.DutyRowActions }))),
  },
  dictionary: {
    rowActions: deferred(() => import('./DictionaryExtras').then((m) => ({ default: m.DictionaryRowActions }))),
  },
  // Copying one user's grants to another, on the by-user page (docs/data-auth.md).
  'data-auth': {
    toolbar: deferred(() => import('./DataAuthExtras').then((m) => ({ default: m.DataAuthToolbar }))),
  },
  // A licence's signed file; checking a file handed back, the public key (docs/licences.md).
  license: {
    rowActions: deferred(() => import('./LicenceExtras').then((m) => ({ default: m.LicenceRowActions }))),
    toolbar: deferred(() => import('./LicenceExtras').then((m) => ({ default: m.LicenceToolbar }))),
  },
  'org-struct': {
    rowActions: deferred(() => import('./OrgStructExtras').then((m) => ({ default: m.OrgStructRowActions }))),
  },
};
