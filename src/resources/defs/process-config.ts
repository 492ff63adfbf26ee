import { col, defineResource, int, operation, seq, state, text } from '../define';
import { FLOW_STEPS_MAX } from '../../shared/workflow';

/**
 * Process-flow configuration (portal-shell §1, "process-config"; issue 15 point 1;
 * docs/approvals.md): one row per step of the flow a business type follows. A business type is
 * the code of a reviewed resource (rate-plan, finance-org-enter…); its enabled rows, by step
 * number, are the flow a submitted record of it goes through, each step decided by a holder of
 * one of its duties. Started and stopped (DECISIONS: "start/stop" on process-config); a flow
 * already running keeps the steps it started with.
 */
export default defineResource({
  code: 'process-config',
  path: '/process-config',
  table: 'process_config',
  label: { 'zh-CN': '流程配置', 'en-US': 'Process flow' },
  fields: {
    businessType: text('业务类型', 'Business type', { max: 64, pattern: '^[a-z][a-z0-9-]*$', patternHint: 'resource.hint.code', required: true }),
    processName: text('流程名称', 'Process name', { max: 100, required: true }),
    processNameEn: text('流程英文名称', 'Process name (English)', { max: 100, required: true }),
    stepNo: int('步骤序号', 'Step number', { min: 1, max: FLOW_STEPS_MAX, required: true }),
    stepName: text('步骤名称', 'Step name', { max: 100, required: true }),
    stepNameEn: text('步骤英文名称', 'Step name (English)', { max: 100, required: true }),
    dutyCodes: text('审批岗位', 'Approving duties', { max: 500, pattern: '^[A-Za-z0-9_-]+( *, *[A-Za-z0-9_-]+)*$', patternHint: 'resource.hint.dutyCodes', required: true }),
    remark: text('说明', 'Remark', { max: 500 }),
  },
  query: ['businessType', 'processName', 'stepName'],
  columns: [seq(), col('businessType', 'code'), col('processName'), col('processNameEn'), col('stepNo'), col('stepName'), col('stepNameEn'), col('dutyCodes'), state(), operation()],
  title: 'stepName',
  sort: { field: 'businessType', order: 'asc' },
  lifecycle: 'start-stop',
  form: { container: 'dialog', autosave: { add: false } },
});
