import { Body, Empty, Id, Nothing, Text, Type, endpoint as plainEndpoint, type Endpoint } from '../shared/contract/define';
import type { ResourceDef } from './define';
import { RecordRef, addSchema, reviewSchema, pageSchema, querySchema, rowSchema, updateSchema } from './schema';

/**
 * A resource family's calls (portal-shell §7, "Resource families"), declared from its
 * definition: the paged query, the by-id read whose path ends `-by-/` + id, add, update, delete,
 * the lifecycle steps its kind allows, and rule-code when a field is rule-coded. Every call is
 * granted by the resource's function (`func: def.path`, or any of its pages' functions): a user without the duty gets 403.
 *
 * Wire names follow the spec: `cancel` is our nullify, `start`/`stop` stand for enable/disable
 * on schedule-like records.
 */
export function resourceEndpoints(def: ResourceDef) {
  const base = `/api/fsmc/${def.code}`;
  // Every page of the resource grants its calls; which records each page may touch is the
  // server's page scope (server/resources/register.ts, hidden params).
  const func = def.pages?.length ? [def.path, ...def.pages.map((p) => p.path)] : def.path;
  const flags = def.adminOnly ? { func, admin: true } : { func };
  const name = def.label['en-US'];
  // A refusal of a body names the resource's fields as its form does.
  const labels = Object.fromEntries(Object.entries(def.fields).map(([field, f]) => [field, f.label]));
  const endpoint: typeof plainEndpoint = (spec) => plainEndpoint({ ...spec, labels });
  const Row = rowSchema(def);
  const step = (path: string, summary: string, body: typeof RecordRef | ReturnType<typeof reviewSchema> = RecordRef) =>
    endpoint({ path: `${base}/${path}`, summary: `${name}: ${summary}`, body, data: Row, flags });
  const reviewed = def.lifecycle === 'review';
  const [on, off] = def.lifecycle === 'start-stop' ? ['start', 'stop'] : ['enable', 'disable'];
  const ruleCoded = Object.values(def.fields).some((f) => f.ruleCode);
  const unique = Object.entries(def.fields).filter(([, f]) => f.unique).map(([n]) => n);

  const read = {
    query: endpoint({ path: `${base}/query`, summary: `${name}: a page of records, filtered and sorted.`, body: querySchema(def), data: pageSchema(def), flags }),
    byId: endpoint({ method: 'GET', path: `${base}/query-by-/:id`, summary: `${name}: one record by id (1401 when unknown).`, params: Body({ id: Type.String({ pattern: '^[0-9]{1,10}$' }) }), data: Row, flags }),
  };
  if (def.readOnly) return read as typeof read & Partial<typeof writes>;
  const writes = {
    add: endpoint({ path: `${base}/add`, summary: `${name}: adds a record (${reviewed ? 'a draft' : 'in force, enabled'}).`, body: addSchema(def), data: Row, flags: { ...flags, requestToken: true } }),
    update: endpoint({ path: `${base}/update`, summary: `${name}: updates a record at the version it was read (1403 when someone changed it since).`, body: updateSchema(def), data: Row, flags }),
    delete: endpoint({ path: `${base}/delete`, summary: `${name}: deletes a record ${reviewed ? 'still a draft' : 'once disabled'}.`, body: RecordRef, data: Nothing, flags }),
    enable: step(on!, `${on}s a record.`),
    disable: step(off!, `${off}s a record.`),
    ...(reviewed
      ? {
          saveAndSubmit: endpoint({ path: `${base}/save-and-submit`, summary: `${name}: adds a record and submits it for review.`, body: addSchema(def), data: Row, flags: { ...flags, requestToken: true } }),
          updateAndSubmit: endpoint({ path: `${base}/update-and-submit`, summary: `${name}: updates a draft or returned record and submits it.`, body: updateSchema(def), data: Row, flags }),
          submit: step('submit', 'submits a draft or returned record for review.'),
          nullify: step('cancel', 'nullifies (cancels) a record not under review.'),
          review: step('review', 'reviews a submitted record: pass, refuse or back, with a comment; not by its own submitter (1405); with the fields its approval field config (`approvalField`) opened, and only those (1407).', reviewSchema(def)),
        }
      : {}),
    ...(unique.length
      ? {
          checkRepeat: endpoint({
            path: `${base}/check-repeat`,
            summary: `${name}: whether a value of a unique field (${unique.join(', ')}) is taken by another record (the form asks on blur; portal-shell §5 "code repeat").`,
            body: Body({ field: Type.Enum(unique), value: Text(200), id: Type.Optional(Id) }),
            data: Type.Object({ repeat: Type.Boolean() }),
            flags,
            client: { noLoading: true },
          }),
        }
      : {}),
    ...(ruleCoded ? { ruleCode: endpoint({ path: `${base}/rule-code`, summary: `${name}: the next generated business number.`, body: Empty, data: Type.Object({ code: Text(64) }), flags }) } : {}),
  };
  if (def.appendOnly) {
    const { update: _update, delete: _delete, updateAndSubmit: _updateAndSubmit, ...kept } = writes as typeof writes & { updateAndSubmit?: unknown };
    return { ...read, ...kept } as typeof read & Partial<typeof writes>;
  }
  return { ...read, ...writes };
}

export type ResourceEndpoints = ReturnType<typeof resourceEndpoints>;

/** Every endpoint of a set of resources, as `endpoints()` lists the shell's. */
export function resourceEndpointList(defs: readonly ResourceDef[]): Array<{ area: string; name: string; endpoint: Endpoint }> {
  return defs.flatMap((def) => Object.entries(resourceEndpoints(def)).map(([name, e]) => ({ area: `resource:${def.code}`, name, endpoint: e as Endpoint })));
}

