import type { ComponentType } from 'react';

/**
 * The app's routes (index.html, hash routing), one line each: the spec leaves route
 * definitions open, so this is where they are designed. `titleKey` feeds the browser title
 * (system title, '-', route title); `meta.anonymous` lets a route open without a session;
 * `meta.history` keeps the page alive, as it was, while the user is elsewhere (ShellRoutes); `meta.adminOnly` limits
 * it to userType 1. Business pages arrive from the resource registry.
 */
export interface RouteMeta {
  anonymous?: boolean;
  history?: boolean;
  adminOnly?: boolean;
}

export interface RouteDef {
  path: string;
  titleKey: string;
  load: () => Promise<{ default: ComponentType<any> }>;
  meta?: RouteMeta;
}

export const APP_ROUTES: RouteDef[] = [
  { path: '/', titleKey: 'shell.routes.workbench', load: () => import(/* webpackChunkName: "view-workbench" */ './workbench/WorkbenchView'), meta: { history: true } },
  { path: '/workbench', titleKey: 'shell.routes.workbench', load: () => import(/* webpackChunkName: "view-workbench" */ './workbench/WorkbenchView'), meta: { history: true } },
  { path: '/qr-confirm/:qrId', titleKey: 'shell.routes.qrConfirm', load: () => import(/* webpackChunkName: "view-qr-confirm" */ './qr-confirm/QrConfirmView') },
  { path: '/outbox', titleKey: 'shell.routes.outbox', load: () => import(/* webpackChunkName: "view-outbox" */ './outbox/OutboxView'), meta: { adminOnly: true } },
  { path: '/diagrams', titleKey: 'shell.routes.diagrams', load: () => import(/* webpackChunkName: "view-diagrams" */ './diagrams/DiagramsView'), meta: { adminOnly: true, history: true } },
  { path: '/profile', titleKey: 'request.profile.title', load: () => import(/* webpackChunkName: "view-profile" */ './profile/ProfileView') },
];
