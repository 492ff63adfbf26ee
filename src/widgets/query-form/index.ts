/** The query form widget: see QueryForm.tsx for how a page mounts it. */
export { QueryForm, QueryFormView } from './QueryForm';
export { useQueryPage, serverQueryPage, todayText, type QueryPageActor, type QueryPageCalls, type UseQueryPageOptions } from './useQueryPage';
export { resourceQueryFields } from './fields';
