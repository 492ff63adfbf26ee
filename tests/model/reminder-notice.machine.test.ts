import { expect } from '@jest/globals';
import { reminderNoticeMachine } from '../../src/machines/reminder-notice.machine';
import { connectReminderNotice } from '../../src/machines/reminder-notice.connect';
import { describeModel } from './support/model';

/** What the provided effects did on the current path. */
const effects: { remembered: boolean[]; opened: number } = { remembered: [], opened: 0 };
const view = (s: unknown) => connectReminderNotice(s as never, () => undefined);

describeModel(reminderNoticeMachine, {
  events: {
    'NOTICE.START': [{ noNotify: false }, { noNotify: true }],
    'PREFERENCE.SET': [{ noNotify: true }, { noNotify: false }],
  },
  actors: {
    countUnread: { outputs: [3, 0], errors: [new Error('网络错误')] },
    savePreference: { outputs: [undefined], errors: [new Error('保存失败')] },
  },
  provide: {
    actions: {
      rememberPreference: (_: unknown, noNotify: boolean) => void effects.remembered.push(noNotify),
      openReminders: () => void (effects.opened += 1),
    },
  },
  onState: (s, step) => {
    if (step.event.type === 'xstate.init') Object.assign(effects, { remembered: [], opened: 0 });
    // The notice shows only in `showing`, never for a user who chose not to be notified.
    expect(view(s).open).toBe(s.matches('showing'));
    if (view(s).open) expect(view(s).noNotify).toBe(false);
    // Nor once the reminders have been on screen: the drawer opened before the count came back.
    if (s.context.seen) expect(view(s).open).toBe(false);
    // This computer always holds what the machine holds, once the preference was touched.
    if (effects.remembered.length > 0) expect(effects.remembered.at(-1)).toBe(s.context.noNotify);
  },
  states: {
    idle: (s) => expect([view(s).open, s.context.unread]).toEqual([false, 0]),
    counting: (s) => expect(s.context.noNotify).toBe(false),
    showing: (s) => {
      expect(view(s).unread).toBe(3);
      expect(view(s).getNoticeProps()['data-state']).toBe('open');
    },
    quiet: (s, step) => {
      expect(view(s).getNoticeProps()['data-state']).toBe('closed');
      if (step.event.type === 'NOTICE.OPEN') expect(effects.opened).toBe(1);
      // A refused save puts the preference back and says why.
      if (step.event.type.startsWith('xstate.error.actor') && effects.remembered.length > 0) expect(s.context.serverMessage).toBe('保存失败');
    },
    saving: (s, step) => {
      expect(view(s).getSwitchProps().disabled).toBe(true);
      if (step.event.type === 'PREFERENCE.SET') expect(s.context.noNotify).toBe((step.event as unknown as { noNotify: boolean }).noNotify);
      expect(view(s).open).toBe(false);
    },
  },
});
