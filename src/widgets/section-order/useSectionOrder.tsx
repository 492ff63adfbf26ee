import { useMemo, useRef, type JSX } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { sectionOrderMachine, type LoadedSectionOrder, type SaveSectionOrderInput } from '../../machines/section-order.machine';
import { connectSectionOrder, type SectionOrderApi } from '../../machines/section-order.connect';
import { contract } from '../../shared/contract';
import { call } from '../../services/http/call';
import { inspect } from '../../services/inspector';
import { useI18n } from '../../services/i18n/react';
import { useLocaleModule } from '../../services/i18n/use-locale-module';
import { toaster } from '../request-layer/toaster';
import { SectionOrderPopover } from './SectionOrderPopover';

/** Where a form's section order is kept: by default the server (contract.sectionOrder). */
export interface SectionOrderCalls {
  load: (code: string) => Promise<LoadedSectionOrder>;
  save: (input: SaveSectionOrderInput) => Promise<unknown>;
  /** The success text (widgets §8); by default a toast. */
  announce?: (text: string) => void;
}

/**
 * The server's calls. Neither toasts an error: a failed load is silent (widgets §8) and a
 * refused save shows its msg in the popover (the machine keeps it), once.
 */
export const serverSectionOrder: SectionOrderCalls = {
  load: (code) => call(contract.sectionOrder.load, { code }, { noErrorTip: true }),
  save: (input) => call(contract.sectionOrder.save, input, { noErrorTip: true }),
  announce: (text) => void toaster.create({ type: 'success', title: text, closable: true }),
};

export interface UseSectionOrderOptions {
  /** The page's code (a resource's code). */
  code: string;
  /** The form's sections in definition order; read once, at mount (key the form to change them). */
  sections: Array<{ name: string; title: string }>;
  /** userType 1: may hide sections for everyone. */
  isAdmin: boolean;
  calls?: SectionOrderCalls;
}

export interface SectionOrder {
  /** The visible section names in the effective order (the defaults until the saved order is read). */
  order: string[];
  /** The saved order was read, or its load failed (then the defaults stand): lay out for good. */
  ready: boolean;
  /** The header's trigger and its popover. */
  popover: JSX.Element;
  /** The connected machine, for a view that wants more (the state, the draft). */
  api: SectionOrderApi;
}

/**
 * The section order of one edit form (issue 11 point 1): the section-order machine started with
 * the form's sections, connected, and its popover. Place `popover` in the form's header and lay
 * the sections out in `order`.
 */
export function useSectionOrder({ code, sections, isAdmin, calls = serverSectionOrder }: UseSectionOrderOptions): SectionOrder {
  useLocaleModule('section');
  const { t } = useI18n();
  const callsRef = useRef(calls);
  callsRef.current = calls;
  const tRef = useRef(t);
  tRef.current = t;
  const logic = useMemo(
    () =>
      sectionOrderMachine.provide({
        actors: {
          loadOrder: fromPromise<LoadedSectionOrder, { code: string }>(({ input }) => callsRef.current.load(input.code)),
          saveOrder: fromPromise<unknown, SaveSectionOrderInput>(({ input }) => callsRef.current.save(input)),
        },
        actions: { announceSaved: () => callsRef.current.announce?.(tRef.current('section.order.saved')) },
      }),
    [],
  );
  const [snapshot, send] = useMachine(logic, { input: { code, defaults: sections.map((s) => s.name), isAdmin }, inspect });
  const api = connectSectionOrder(snapshot, send);
  const titles = new Map(sections.map((s) => [s.name, s.title]));
  const titleOf = (name: string) => titles.get(name) ?? name;
  return { order: api.order, ready: api.ready, popover: <SectionOrderPopover api={api} titleOf={titleOf} />, api };
}
