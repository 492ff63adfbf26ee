export { useFieldConfig, serverFieldConfig, type FieldConfigCalls, type UseFieldConfigOptions } from './useFieldConfig';
