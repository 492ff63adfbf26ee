import type { ComponentType } from 'react';
import { WORKBENCH_PATHS } from '../shared/constants';
import { RESOURCE_ROUTES } from '../resources/routes';
import { TODO_LIST_ROUTE } from './todo/task-path';
import type { Label } from '../resources/define';
import { initialLanguage, loadModules } from '../services/i18n/i18n';

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
  /** A title in both languages, for routes whose title is data (a resource's label), not a locale key. */
  title?: Label;
  load: () => Promise<{ default: ComponentType<any> }>;
  meta?: RouteMeta;
}

/**
 * A page's code and the locale modules its view asks for (useLocaleModule), requested together:
 * the view would ask for its messages only once its code had arrived and rendered, one more round
 * trip before it can show (issue 16: the home page's greeting is its largest paint). The same
 * fetch serves the view's own request (services/i18n).
 */
function withMessages<T>(modules: string[], load: () => Promise<T>): () => Promise<T> {
  return () => {
    void loadModules(initialLanguage(), modules);
    return load();
  };
}
const loadWorkbench = withMessages(['workbench'], () => import(/* webpackChunkName: "view-workbench" */ './workbench/WorkbenchView'));


/** The home page's routes: the route guard greets on them while the shell's code loads (shell/ShellPlaceholder.tsx). */
export const isWorkbench = (route: RouteDef | undefined): boolean => route?.load === loadWorkbench;

export const APP_ROUTES: RouteDef[] = [
  ...WORKBENCH_PATHS.map((path): RouteDef => ({ path, titleKey: 'shell.routes.workbench', load: loadWorkbench, meta: { history: true } })),
  { path: '/qr-confirm/:qrId', titleKey: 'shell.routes.qrConfirm', load: () => import(/* webpackChunkName: "view-qr-confirm" */ './qr-confirm/QrConfirmView') },
  { path: '/outbox', titleKey: 'shell.routes.outbox', load: () => import(/* webpackChunkName: "view-outbox" */ './outbox/OutboxView'), meta: { adminOnly: true } },
  { path: '/diagrams', titleKey: 'shell.routes.diagrams', load: withMessages(['diagrams'], () => import(/* webpackChunkName: "view-diagrams" */ './diagrams/DiagramsView')), meta: { adminOnly: true, history: true } },
  // Every lookup of src/shared/lookups.ts, live (docs/lookups.md): for developers and auditors.
  { path: '/lookups', titleKey: 'shell.routes.lookups', load: withMessages(['lookup'], () => import(/* webpackChunkName: "view-lookups" */ './lookups/LookupsView')), meta: { adminOnly: true } },
  // The user's to-do tasks (docs/approvals.md): each opens its record's review.
  // The list, or one task's review over it (the home page's to-do panel links there): one route,
  // so closing the review keeps the page as it is.
  { path: TODO_LIST_ROUTE, titleKey: 'shell.routes.todoList', load: () => import(/* webpackChunkName: "view-todo-list" */ './todo/TodoListView') },
  // The user's reminders (the header's drawer as a page of the menu's workbench group).
  { path: '/my-reminders', titleKey: 'shell.routes.myReminders', load: () => import(/* webpackChunkName: "view-my-reminders" */ './reminders/MyRemindersView'), meta: { history: true } },
  // The user's colour theme and navigation colour (the settings drawer's choice, as a page).
  { path: '/themes', titleKey: 'shell.routes.themes', load: () => import(/* webpackChunkName: "view-themes" */ './themes/ThemesView') },
  // The password rule every new password is held to (administrators).
  { path: '/password-rule', titleKey: 'shell.routes.passwordRule', load: withMessages(['admin'], () => import(/* webpackChunkName: "view-password-rule" */ './password-rule/PasswordRuleView')), meta: { adminOnly: true } },
  { path: '/function-tree', titleKey: 'shell.routes.functionTree', load: withMessages(['admin'], () => import(/* webpackChunkName: "view-function-tree" */ './function-tree/FunctionTreeView')), meta: { adminOnly: true } },
  { path: '/rate', titleKey: 'shell.routes.ratesInForce', load: withMessages(['resource'], () => import(/* webpackChunkName: "view-rates" */ './rates/RatesInForceView')) },
  { path: '/profile', titleKey: 'request.profile.title', load: () => import(/* webpackChunkName: "view-profile" */ './profile/ProfileView') },
  // Dynamic forms (docs/dynamic-forms.md): the administrators' templates and the users' forms, each its own chunk.
  { path: '/expand-template', titleKey: '', title: { 'zh-CN': '扩展模板', 'en-US': 'Form templates' }, load: withMessages(['dynamic'], () => import(/* webpackChunkName: "view-expand-template" */ './dynamic-form/ExpandTemplatePage')) },
  { path: '/dynamic-form', titleKey: '', title: { 'zh-CN': '动态表单', 'en-US': 'Dynamic forms' }, load: withMessages(['dynamic'], () => import(/* webpackChunkName: "view-dynamic-form" */ './dynamic-form/DynamicFormPage')), meta: { history: true } },
  // Every business resource's query pages (its own, and its pages with hidden params): one
  // generic page, bound to its definition and page, in one chunk, which alone loads the definitions.
  ...RESOURCE_ROUTES.map(
    (view): RouteDef => ({
      path: view.path,
      titleKey: '',
      title: view.label,
      load: () => import(/* webpackChunkName: "view-resource" */ './resource/ResourcePage').then((m) => ({ default: m.pageFor(view.code) })),
      meta: { history: true },
    }),
  ),
];
