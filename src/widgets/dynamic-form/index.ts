export { DynamicForm, DynamicFormView } from './DynamicForm';
export { DynamicControl, DynamicFieldRow, type DynamicControlProps } from './DynamicField';
export { useDynamicForm, serverDynamicForm, type DynamicFormActor, type DynamicFormCalls } from './useDynamicForm';
