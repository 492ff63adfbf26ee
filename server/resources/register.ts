import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUniqueViolation } from '../db/unique-violation';
import type { Endpoint } from '../../src/shared/contract';
import type { ResourceDef } from '../../src/resources/define';
import { resourceEndpoints } from '../../src/resources/contract';
import { nextRecordState, type StoredRecordState } from '../../src/machines/record-lifecycle.machine';
import type { RecordEventType } from '../../src/shared/record';
import { CODE } from '../../src/shared/codes';
import type { Db } from '../db/database';
import { ok, refuse } from '../http/answer';
import { route } from '../http/route';
import * as store from './store';
import { withinScale } from '../../src/resources/form-values';
import { checkCalendarDates } from './calendar-dates';
import { isCalendarDate } from '../../src/shared/date-format';
import { checkScrollFields } from '../services/scroll-sources';
import { fieldConfigEffect } from '../../src/shared/field-config';
import { fieldConfigs } from '../services/field-config';
import { ungrantedField, type ScopeFilter } from '../services/data-auth';
import { resourceScope } from './scope';
import { checkChoiceFields } from '../services/field-choice';
import { bindDraft, requireAttachments } from '../services/attachments/store';
import { recordOrderNo } from '../../src/shared/attachments';
import * as workflow from '../services/workflow';
import { masksFor, type Masks } from '../services/sensitive';
import { maskValue } from '../../src/shared/masking';

/**
 * One call registers a resource family's routes from its definition (issue 10 point 1): the
 * contract's endpoints (`resourceEndpoints`), each behind the session guard and the function
 * grant (`func`, checked by plugins/permissions.ts before the handler), every lifecycle step
 * decided by the record-lifecycle machine the browser also runs. A family with more to do
 * (users, duties) passes hooks; it never copies these routes.
 */
export interface ResourceHooks {
  /** Inside the write's transaction, before a new record is inserted: refuse, or add columns of its own. */
  beforeInsert?(tx: Db, body: Record<string, unknown>, request: FastifyRequest): Promise<Record<string, unknown>>;
  /** Inside the step's transaction, before it is written: refuse with a business code (a duty still in use…). */
  beforeStep?(tx: Db, row: store.Row, step: RecordEventType, request: FastifyRequest): Promise<void>;
  /** Inside the write's transaction, after it: keep what derives from the record right. */
  afterWrite?(tx: Db, row: store.Row, step: RecordEventType, request: FastifyRequest): Promise<void>;
}

/** The steps that save a record's content: each checks its required attachments (widgets §5). */
const ATTACHMENT_CHECKED_STEPS: ReadonlySet<RecordEventType> = new Set(['RECORD.UPDATE', 'RECORD.UPDATE_AND_SUBMIT', 'RECORD.SUBMIT']);

const DECISION_EVENTS = { pass: 'RECORD.PASS', refuse: 'RECORD.REFUSE', back: 'RECORD.BACK' } as const;

/** The steps that leave a record submitted: each starts the business type's approval flow, when it has one (docs/approvals.md). */
const SUBMITTING_STEPS: ReadonlySet<RecordEventType> = new Set(['RECORD.SAVE_AND_SUBMIT', 'RECORD.UPDATE_AND_SUBMIT', 'RECORD.SUBMIT']);

export function registerResource(app: FastifyInstance, def: ResourceDef, hooks: ResourceHooks = {}): void {
  const calls = resourceEndpoints(def);
  const review = def.lifecycle === 'review';
  const label = (request: FastifyRequest) => (field: string) => def.fields[field]?.label[request.lang] ?? field;
  const userOf = (request: FastifyRequest) => request.user!.id;

  /** The state after the step, or 1402 naming the record's state and the step in the reader's language. */
  function decide(request: FastifyRequest, stored: StoredRecordState | null, step: RecordEventType): StoredRecordState | 'deleted' {
    const next = nextRecordState(review, stored, step);
    if (next === null) throw refuse(CODE.recordIllegalStep, { state: request.t(`record.state.${stored?.recordState ?? 'new'}`), step: request.t(`record.step.${step.slice('RECORD.'.length).toLowerCase()}`) });
    return next;
  }

  const checkDates = (request: FastifyRequest, body: Record<string, unknown>) => checkCalendarDates(request, def, body);

  /** A number as a person writes it (never 1e-7), for a message that quotes it. */
  const plainDecimal = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 20, useGrouping: false });

  /** A record's values as written: its dates (checkDates) and no decimal past its field's scale, which numeric(p, scale) would round unseen. */
  function checkValues(request: FastifyRequest, body: Record<string, unknown>) {
    checkDates(request, body);
    for (const [name, f] of Object.entries(def.fields)) {
      const v = body[name];
      if (f.type === 'decimal' && f.scale !== undefined && typeof v === 'number' && !withinScale(v, f.scale)) {
        throw refuse(CODE.validation, { detail: request.t('record.badScale', { field: f.label[request.lang], value: plainDecimal(v), scale: f.scale }) }, { status: 400 });
      }
    }
  }

  /** `stored`: the record an edit changes, whose fields the body leaves out still count (the kind a value follows). */
  async function validate(tx: Db, request: FastifyRequest, body: Record<string, unknown>, exceptId: number | null, stored?: Record<string, unknown>) {
    await store.checkDictionaries(tx, def, body, label(request));
    await store.checkUnique(tx, def, body, exceptId, label(request));
    await checkScrollFields(tx, def, body, request);
    await checkChoiceFields(tx, def, body, request, stored);
  }

  const scopeOf = (request: FastifyRequest) => resourceScope(app.db, def, request);

  /**
   * A write of a unique value that a concurrent write took after this one's checkUnique passed:
   * the unique index refuses it (23505), answered as the check answers (1404 naming the field)
   * once the other write is there to be found. Anything else goes on as it was.
   */
  async function writing<T>(request: FastifyRequest, body: Record<string, unknown>, exceptId: number | null, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) await store.checkUnique(app.db, def, body, exceptId, label(request));
      throw error;
    }
  }

  /** A write may only name hidden params' values of the caller's pages (2202). */
  function checkHeld(request: FastifyRequest, page: ScopeFilter, body: Record<string, unknown>) {
    const field = ungrantedField(page, body);
    if (field) throw refuse(CODE.pageValueNotHeld, { field: label(request)(field), value: String(body[field]) });
  }

  /** Fills rule-coded fields left empty with the next business number. */
  async function withRuleCodes(tx: Db, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const out = { ...body };
    for (const [name, f] of Object.entries(def.fields)) if (f.ruleCode && (out[name] === undefined || out[name] === null || out[name] === '')) out[name] = await store.nextRuleCode(tx, def, name, f.ruleCode);
    return out;
  }

  /** A write may only name values of scoped fields the caller is granted (data authorisation). */
  function checkGranted(request: FastifyRequest, scope: ScopeFilter, body: Record<string, unknown>) {
    const field = ungrantedField(scope, body);
    if (field) throw refuse(CODE.dataNotGranted, { field: label(request)(field), value: String(body[field]) });
  }

  /**
   * A new record with attachments (docs/attachments.md): the files its add form uploaded under a
   * draft orderNo move to it, then the business's required types are checked; a refusal rolls
   * the insert back with the move.
   */
  async function attachmentsOnAdd(tx: Db, request: FastifyRequest, id: number, draft: unknown) {
    if (typeof draft === 'string' && draft) await bindDraft(tx, draft, userOf(request), def.code, id);
    await requireAttachments(tx, def.code, recordOrderNo(def.code, id));
  }

  const create = (step: 'RECORD.SAVE' | 'RECORD.SAVE_AND_SUBMIT') => async (request: FastifyRequest) => {
    checkValues(request, request.body as Record<string, unknown>);
    const scope = await scopeOf(request);
    checkGranted(request, scope.data, request.body as Record<string, unknown>);
    checkHeld(request, scope.page, request.body as Record<string, unknown>);
    const next = decide(request, null, step) as StoredRecordState;
    const row = await writing(request, request.body as Record<string, unknown>, null, () => app.db.transaction().execute(async (tx) => {
      let body = await withRuleCodes(tx, request.body as Record<string, unknown>);
      await validate(tx, request, body, null);
      if (hooks.beforeInsert) body = { ...body, ...(await hooks.beforeInsert(tx, body, request)) };
      const inserted = await store.insertRecord(tx, def, body, next, userOf(request));
      if (def.attachments) await attachmentsOnAdd(tx, request, inserted.id, body.attachmentOrderNo);
      await hooks.afterWrite?.(tx, inserted, step, request);
      if (review && SUBMITTING_STEPS.has(step)) await workflow.startFlow(tx, def.code, inserted.id, userOf(request));
      return inserted;
    }));
    return ok(row);
  };

  /**
   * A step on a stored record at the version the caller read: not found (1401), changed since
   * (1403), not allowed now (1402), then the hook, then the write (which checks the version
   * again in the same statement).
   */
  const change = (step: RecordEventType | ((body: Record<string, unknown>) => RecordEventType), withBody: boolean) => async (request: FastifyRequest) => {
    const body = request.body as Record<string, unknown> & { id: number; version: number; comment?: string; decision?: keyof typeof DECISION_EVENTS; fileIdList?: number[] };
    const event = typeof step === 'function' ? step(body) : step;
    if (withBody) checkValues(request, body);
    const scope = await scopeOf(request);
    if (withBody) checkGranted(request, scope.data, body);
    if (withBody) checkHeld(request, scope.page, body);
    const result = await writing(request, withBody ? body : {}, body.id, () => app.db.transaction().execute(async (tx) => {
      const row = await store.requireRecord(tx, def, body.id, scope.all);
      if (row.version !== body.version) throw refuse(CODE.recordStale);
      if (withBody) keepMaskedValues(body, row, await masksFor(tx, def, request));
      const next = decide(request, row, event);
      const deciding = event === 'RECORD.PASS' || event === 'RECORD.REFUSE' || event === 'RECORD.BACK';
      if (deciding) {
        if (row.updatedBy === userOf(request)) throw refuse(CODE.reviewOwnSubmission);
      }
      // A record under an approval flow: the flow says who decides its current step.
      const flow = deciding && review ? await workflow.runningFlow(tx, def.code, row.id) : null;
      if (flow) await workflow.checkDecider(tx, request, flow, userOf(request));
      // A decision's files live with the flow's history: a record reviewed once has none to keep them.
      if (body.fileIdList?.length && !flow) throw refuse(CODE.flowFilesWithoutFlow);
      const fileIds = flow ? await workflow.checkDecisionFiles(tx, def.code, row.id, userOf(request), body.fileIdList ?? []) : [];
      if (withBody) await validate(tx, request, body, row.id, row);
      const approved = body.decision ? await approvalValues(tx, request, row, body as never) : null;
      await hooks.beforeStep?.(tx, row, event, request);
      if (def.attachments && ATTACHMENT_CHECKED_STEPS.has(event)) await requireAttachments(tx, def.code, recordOrderNo(def.code, row.id));
      if (next === 'deleted') {
        await store.deleteRecord(tx, def, body);
        return null;
      }
      if (flow) await workflow.decide(tx, flow, body.decision!, userOf(request), body.comment, fileIds);
      // A pass before the flow's last step moves the flow on; the record stays submitted (and keeps
      // what the approval config opened) at a new version: a decision read on this step is stale.
      if (flow && event === 'RECORD.PASS' && !workflow.isLastStep(flow)) {
        const kept = approved ? await store.updateRecord(tx, def, body, { body: approved }, userOf(request)) : await store.bumpVersion(tx, def, body);
        await store.recordReview(tx, def, row.id, body.decision!, body.comment, userOf(request));
        return kept;
      }
      const written = await store.updateRecord(tx, def, body, { ...(withBody ? { body } : approved ? { body: approved } : {}), state: next }, userOf(request));
      if (body.decision) await store.recordReview(tx, def, row.id, body.decision, body.comment, userOf(request));
      await hooks.afterWrite?.(tx, written, event, request);
      if (review && SUBMITTING_STEPS.has(event)) await workflow.startFlow(tx, def.code, written.id, userOf(request));
      return written;
    }));
    return ok(result);
  };

  /**
   * The fields a review changes (widgets §4 "Approval field config"): only those the config the
   * approval form was opened with opened (`disabled: false`), or those it clears or sets, to
   * exactly what it says. A config belongs to this resource (its code, or `<code>:<variant>`).
   */
  async function approvalValues(tx: Db, request: FastifyRequest, row: store.Row, body: { approvalField?: string; values?: Record<string, unknown> }): Promise<Record<string, unknown> | null> {
    const values = body.values ?? {};
    if (Object.keys(values).length === 0) return null;
    const code = body.approvalField;
    const own = code !== undefined && (code === def.code || code.startsWith(`${def.code}:`));
    const first = Object.keys(values)[0]!;
    if (!own) throw refuse(CODE.approvalFieldLocked, { field: label(request)(first) });
    const effect = fieldConfigEffect(await fieldConfigs(tx, userOf(request), code));
    for (const [field, value] of Object.entries(values)) {
      if (effect.enabled.includes(field)) continue;
      const empty = value === null || value === '';
      if (effect.cleared.includes(field) && empty) continue;
      if (field in effect.values && String(value) === effect.values[field]) continue;
      throw refuse(CODE.approvalFieldLocked, { field: label(request)(field) });
    }
    checkValues(request, values);
    await validate(tx, request, values, row.id, row);
    return values;
  }

  /**
   * A sensitive field sent back as the caller was shown it (a row of their table saved as it
   * was: an editor in place) keeps the stored value: a mask is never written over the value it
   * hides (docs/sensitive-info.md).
   */
  function keepMaskedValues(body: Record<string, unknown>, row: store.Row, masks: Masks) {
    for (const [field, rule] of masks) {
      const stored = row[field] === null || row[field] === undefined ? null : String(row[field]);
      if (field in body && stored !== null && body[field] === maskValue(rule, stored)) body[field] = stored;
    }
  }

  const r = <E extends Endpoint>(endpoint: E | undefined, handler: (request: FastifyRequest) => Promise<unknown>) => {
    if (endpoint) route(app, endpoint, handler as never);
  };

  r(calls.query, async (request) => {
    checkDates(request, request.body as Record<string, unknown>);
    return ok(await store.queryPage(app.db, def, request.body as store.QueryInput, (await scopeOf(request)).all, await masksFor(app.db, def, request)));
  });
  r(calls.byId, async (request) => ok(await store.requireRecord(app.db, def, Number((request.params as { id: string }).id), (await scopeOf(request)).all)));
  r(calls.add, create('RECORD.SAVE'));
  r(calls.update, change('RECORD.UPDATE', true));
  r(calls.delete, change('RECORD.DELETE', false));
  r(calls.enable, change('RECORD.ENABLE', false));
  r(calls.disable, change('RECORD.DISABLE', false));
  if ('saveAndSubmit' in calls) {
    r(calls.saveAndSubmit, create('RECORD.SAVE_AND_SUBMIT'));
    r(calls.updateAndSubmit, change('RECORD.UPDATE_AND_SUBMIT', true));
    r(calls.submit, change('RECORD.SUBMIT', false));
    r(calls.nullify, change('RECORD.NULLIFY', false));
    r(calls.review, change((body) => DECISION_EVENTS[body.decision as keyof typeof DECISION_EVENTS], false));
  }
  if ('checkRepeat' in calls) {
    r(calls.checkRepeat, async (request) => {
      const { field, value, id } = request.body as { field: string; value: string; id?: number };
      // A date field's text that is no date (typed half, or 2026-02-30) is held by no record; the
      // save refuses it with the date's own message (the form asks on blur, mid-typing too).
      if (def.fields[field]?.type === 'date' && !isCalendarDate(value)) return ok({ repeat: false });
      return ok({ repeat: await store.isTaken(app.db, def, field, value, id ?? null) });
    });
  }
  if ('ruleCode' in calls) {
    const [field, f] = Object.entries(def.fields).find(([, f]) => f.ruleCode)!;
    r(calls.ruleCode, async () => ok({ code: await store.nextRuleCode(app.db, def, field, f.ruleCode!) }));
  }
}
