import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Alert, Badge, Box, Button, Center, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { sectionsOf, type ResourceDef } from '../../../resources/define';
import type { ResourceView } from '../../../resources/pages';
import { choiceOf } from '../../../resources/field-choice';
import type { FieldValue, FormMode } from '../../../machines/record-form.machine';
import type { FlowMode } from '../../../machines/save-submit.machine';
import type { FormButton } from '../../../machines/record-form.connect';
import type { ResourceRow } from '../../../services/api/resources';
import type { FieldProblem } from '../../../services/resource-form';
import { useI18n } from '../../../services/i18n/react';
import { FORM_LAYOUT, FORM_VERTICAL_WIDTH } from '../../../shared/constants';
import { formatDate, formatDateTime } from '../../../shared/date-format';
import { ErrorAlert } from '../../../widgets/ErrorAlert';
import { BusyButton } from '../../../widgets/BusyButton';
import { FieldInput } from '../FieldInput';
import { DraftNotice } from './DraftNotice';
import { FormSections, type FormSection } from './FormSections';
import { useEditFlow, useRecordForm, type EditFlow, type RecordFormRef } from './useEditForm';
import { ReviewPanel, type SendReview } from './ReviewPanel';
import { useSectionOrder } from '../../../widgets/section-order';
import { useShell } from '../../../widgets/shell-context';
import { USER_TYPE_ADMIN } from '../../../shared/constants';
import { bodyOf } from '../../../services/resource-form';
import { AttachmentUpload, type UploadController } from '../../../widgets/upload/AttachmentUpload';
import { decisionDraftOrderNo, draftOrderNo, isReadOnlyMode, recordOrderNo } from '../../../shared/attachments';
import { DECISION_ATTACHMENT_BUSINESS } from '../../../shared/workflow';
import { ApprovalPanel } from '../../../widgets/approval/ApprovalPanel';
import type { Display } from '../../../shared/function-display';

export interface EditFormProps {
  def: ResourceDef;
  /** The page the form opens from: its hidden params start the form and stay fixed. */
  view?: ResourceView;
  mode: FormMode;
  id?: number;
  /** The record saved, and whether it was saved or submitted. */
  onDone: (row: ResourceRow | null, flow: FlowMode) => void;
  onClose: () => void;
  /** What the form's header carries beside its date and info (the section order popover). */
  headerExtra?: (flow: EditFlow) => ReactNode;
  /** Sections the form does not own (embedded pages), after its own. */
  moreSections?: (flow: EditFlow) => FormSection[];
  /** Approval mode: the route's approvalField (the config code); the resource's code when absent. */
  approvalField?: string | null;
  /**
   * Approval mode: sends the checker's decision, with the fields the config opened, set or
   * cleared; the form closes (onClose) once it resolves, and shows its refusal otherwise.
   */
  onReview?: SendReview;
  /** The page's hide-button map entry (widgets §6): the bar's buttons and the review's decisions it hides are not offered. */
  display?: Display;
}

const BUTTON_LABEL: Record<FormButton, string> = { save: 'form.button.save', submit: 'form.button.submit', return: 'form.button.return', close: 'form.button.close' };

/**
 * A resource's edit form in its four modes (issue 11 point 1): the record is read first when
 * it exists; then the header, the draft notice, the collapsible sections with their anchors,
 * and the mode's button bar. The machines decide (record-form, save-submit, autosave); this
 * only draws them.
 */
export function EditFormView(props: EditFormProps) {
  const { t } = useI18n();
  const formRef = useRecordForm(props.def, props.mode, props.id, props.view);
  const state = useSelector(formRef, (s) => s.value as string);
  const failure = useSelector(formRef, (s) => s.context.failure);
  if (state === 'loading' || state === 'starting') return <Center p="8"><Spinner aria-label={t('global.loading')} /></Center>;
  if (state === 'loadFailed')
    return (
      <Stack gap="3">
        <ErrorAlert message={failure} />
        <Button alignSelf="start" size="sm" data-part="retry" onClick={() => formRef.send({ type: 'FORM.RETRY' })}>{t('resource.form.retry')}</Button>
      </Stack>
    );
  return <EditFormBody {...props} formRef={formRef} />;
}

function EditFormBody({ def, view, formRef, onDone, onClose, headerExtra, moreSections, approvalField, onReview, display }: EditFormProps & { formRef: RecordFormRef }) {
  const { t, lang } = useI18n();
  const formId = useId().replace(/:/g, '');
  const edit = useEditFlow(def, formRef, { onDone, onClose, approvalField, view, display });
  const { form, flow, autosave, fieldConfig } = edit;
  // The uploader of a decision's files, asked for their ids when the reviewer decides.
  const decisionFiles = useRef<UploadController | null>(null);
  const shell = useShell();
  const sectionOrder = useSectionOrder({ code: def.code, sections: sectionsOf(def).map((s) => ({ name: s.name, title: s.title[lang] })), isAdmin: shell.user?.userType === USER_TYPE_ADMIN });
  const vertical = def.form?.layout === 'vertical';
  const layout = FORM_LAYOUT[lang];
  const record = form.record;
  const labelOf = (field: string) => def.fields[field]?.label[lang] ?? field;
  const textOf = (field: string, value: unknown) => (def.fields[field]?.type === 'bool' ? t(value ? 'resource.yes' : 'resource.no') : String(value ?? ''));

  // The keyboard starts in the first field that takes typing, once the form is drawn (the
  // drawer's own initial focus runs before a record or the embedded pages have arrived).
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    rootRef.current?.querySelector<HTMLElement>('[data-part="sections"] input:not([readonly]):not([disabled]):not([type=hidden]), [data-part="sections"] select:not([disabled])')?.focus();
  }, []);
  // A failed save takes the keyboard to the first field that says what is wrong (the form's own
  // rules, or a value the server says another record has); with none, it stays where it was, on
  // the button or in the field, which stayed focusable while the save ran (form.connect's busyButton).
  const wasRunning = useRef(false);
  useLayoutEffect(() => {
    const ended = wasRunning.current && !flow.running;
    wasRunning.current = flow.running;
    if (!ended || !flow.failedStep) return;
    const invalid = rootRef.current?.querySelector('[data-part="sections"] [data-field][data-invalid]');
    invalid?.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea, button, [tabindex]:not([tabindex="-1"])')?.focus();
  });
  // A lookup's pick writes every field it fills (the bank's CNAPS code and its bank code), each
  // as typing would: a field this mode keeps read-only stays as it was.
  const fill = (filled: Record<string, FieldValue>) => {
    for (const [field, value] of Object.entries(filled)) if (field in def.fields) form.getFieldProps(field).onChange(value);
  };
  const byName = new Map(sectionsOf(def).map((section) => [section.name, section]));
  const own: FormSection[] = sectionOrder.order.flatMap((name) => (byName.has(name) ? [byName.get(name)!] : [])).map((section) => ({
    name: section.name,
    title: section.title[lang],
    content: (
      <SimpleGrid columns={vertical ? 1 : { base: 1, md: layout.columns }} gap="3" columnGap="6" maxWidth={vertical ? `${FORM_VERTICAL_WIDTH}px` : undefined}>
        {section.fields.map((name) => {
          // A field the chosen kind does not apply to (a structure for an account grant) has no place.
          if (choiceOf(def.fields[name]!, form.values).state === 'none') return null;
          const p = form.getFieldProps(name);
          const followed = def.fields[name]!.choiceBy?.field;
          return <FieldInput key={name} name={name} def={def.fields[name]!} followedLabel={followed ? labelOf(followed) : undefined} followedDict={followed ? def.fields[followed]?.dict : undefined} value={p.value} error={p.error as FieldProblem | null} readOnly={p.readOnly} onChange={p.onChange} onFill={fill} values={form.values} labelWidth={layout.labelWidth} orientation={vertical ? 'vertical' : 'horizontal'} />;
        })}
      </SimpleGrid>
    ),
  }));
  const sections = [...own, ...(moreSections?.(edit) ?? [])];

  return (
    <Stack gap="3" ref={rootRef} {...form.getRootProps()} data-testid="record-form">
      <HStack justify="space-between" wrap="wrap" gap="2" data-part="header">
        <HStack gap="3" wrap="wrap" fontSize="sm" color="fg.muted">
          <Text data-testid="form-date">{record?.updatedAt ? t('form.header.updated', { time: formatDateTime(String(record.updatedAt)) }) : t('form.header.today', { date: formatDate(new Date()) })}</Text>
          <Text data-testid="record-version">{record ? t('form.header.info', { version: record.version, state: t(`resource.state.${String(record.recordState)}`) }) : t('form.header.new')}</Text>
          {autosave?.autoSaved && (
            <Badge colorPalette="green" {...autosave.getStatusProps()} data-testid="auto-saved">{t('form.draft.autoSaved')}</Badge>
          )}
        </HStack>
        <HStack gap="2">
          {headerExtra?.(edit)}
          {sectionOrder.popover}
        </HStack>
      </HStack>
      {autosave && <DraftNotice autosave={autosave} labelOf={labelOf} textOf={textOf} />}
      {edit.failure && (
        <Alert.Root status="error" role="alert" data-testid="form-failure" data-failed-step={edit.failure.step}>
          <Alert.Indicator />
          <Alert.Title>{t('form.flow.failed', { step: t(`form.step.${edit.failure.step}`), message: edit.failure.message ?? '' })}</Alert.Title>
        </Alert.Root>
      )}
      {fieldConfig.failure && <ErrorAlert message={fieldConfig.failure} />}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          // Enter in a field does what the bar's save does.
          if (form.buttons.includes('save')) form.getButtonProps('save').onClick();
        }}
      >
        <Box position="relative" {...fieldConfig.getRootProps()}>
          <FormSections formId={formId} sections={sections} />
          {fieldConfig.overlay}
        </Box>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </form>
      {/* A reviewed record read, decided, or sent back and being put right: its approval flow (docs/approvals.md); nothing shows for a business without one. */}
      {record && def.lifecycle === 'review' && (form.mode === 'view' || form.mode === 'approval' || record.recordState === 'returned') && (
        <ApprovalPanel
          key={record.id}
          businessType={def.code}
          recordId={record.id}
          // Deciding, the reviewer may attach files to the decision (docs/approvals.md): uploaded now, named by the review.
          decision={form.mode === 'approval' && onReview ? <AttachmentUpload orderNo={decisionDraftOrderNo(def.code, record.id)} businessCode={DECISION_ATTACHMENT_BUSINESS} readOnly={false} controllerRef={decisionFiles} /> : undefined}
        />
      )}
      {form.mode === 'approval' && onReview && (
        <ReviewPanel
          blocked={fieldConfig.loading || !record}
          display={display}
          onDecide={(decision, comment) => {
            const opened = new Set([...fieldConfig.effect.enabled, ...fieldConfig.effect.cleared, ...Object.keys(fieldConfig.effect.values)]);
            const body = bodyOf(def, form.values, record ?? undefined);
            const values = Object.fromEntries([...opened].filter((f) => f in def.fields && !def.fields[f]!.immutable).map((f) => [f, body[f] ?? null]));
            return onReview({ decision, comment, values, approvalField: approvalField ?? def.code, fileIdList: decisionFiles.current?.fileIds() ?? [] }, record!);
          }}
          onDecided={onClose}
        />
      )}
      {def.attachments && <FormAttachments def={def} edit={edit} />}
      {form.buttons.length > 0 && (
        <Box position="sticky" bottom="0" bg="bg" py="2" borderTopWidth="1px" data-part="button-bar">
          <HStack gap="2" wrap="wrap" justify="flex-end">
            {form.buttons.map((button) => {
              const p = form.getButtonProps(button);
              const primary = button === 'save' || (button === 'submit' && !form.buttons.includes('save'));
              return (
                <BusyButton key={button} size="sm" colorPalette={primary ? 'blue' : undefined} variant={primary ? 'solid' : button === 'submit' ? 'outline' : 'ghost'} {...p}>
                  {t(BUTTON_LABEL[button])}
                </BusyButton>
              );
            })}
          </HStack>
        </Box>
      )}
    </Stack>
  );
}

/** A random (version 4) UUID from getRandomValues, which plain-http pages have too (randomUUID needs a secure context). */
function uuid(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The form's attachments, in its footer (widgets §2 "Edit form": attachment list and upload in
 * the footer; docs/attachments.md). A stored record's files live under its orderNo; an add
 * form's under a draft orderNo the add call names, so the server moves them to the new record.
 * The save checks the required types here first, and the server again.
 */
function FormAttachments({ def, edit }: { def: ResourceDef; edit: EditFlow }) {
  const record = edit.form.record;
  const [draft] = useState(() => draftOrderNo(uuid()));
  const orderNo = record ? recordOrderNo(def.code, record.id) : draft;
  const controller = useRef<UploadController | null>(null);
  const { register } = edit;
  useEffect(
    () =>
      register({
        name: 'attachments',
        validate: async () => null,
        beforeSave: async () => controller.current?.missing() ?? null,
        save: async () => null,
        addBody: () => ({ attachmentOrderNo: draft }),
      }),
    [register, draft],
  );
  return (
    <Box borderTopWidth="1px" pt="3" data-part="attachments">
      <AttachmentUpload orderNo={orderNo} businessCode={def.code} readOnly={isReadOnlyMode(edit.form.mode)} controllerRef={controller} />
    </Box>
  );
}
