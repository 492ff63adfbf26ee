import { expect } from '@jest/globals';
import { themeChoiceMachine, type ThemeChoice } from '../../src/machines/theme-choice.machine';
import { connectThemeChoice } from '../../src/machines/theme-choice.connect';
import { describeModel } from './support/model';

const start: ThemeChoice = { themeName: 'var6', navColor: 'light' };
const answered: ThemeChoice = { themeName: 'var1', navColor: 'light' };
const applied: ThemeChoice[] = [];
const announced: ThemeChoice[] = [];
const view = (snapshot: unknown, send: (e: unknown) => void = () => undefined) => connectThemeChoice(snapshot as never, send as never);

describeModel(themeChoiceMachine, {
  input: { choice: start },
  serializeState: ((s: { value: unknown; context: unknown }) => JSON.stringify([s.value, s.context])) as never,
  events: {
    'THEME.CHOOSE': [{ themeName: 'var1' }, { navColor: 'dark' }],
    'THEME.SYNC': [{ choice: { themeName: 'var3', navColor: 'light' } }],
  },
  actors: {
    saveChoice: { outputs: [answered], errors: [new Error('保存失败')] },
  },
  provide: {
    actions: {
      applyChoice: (_: unknown, choice: ThemeChoice) => void applied.push(choice),
      announceSaved: (_: unknown, choice: ThemeChoice) => void announced.push(choice),
    },
  },
  onState: (snapshot, step) => {
    if (step.event.type === 'xstate.init') {
      applied.length = 0;
      announced.length = 0;
    }
    const api = view(snapshot);
    const { chosen } = snapshot.context;
    // What the controls show is the choice, whatever the machine is doing.
    expect([api.getThemeSelectProps().value, api.getThemeGroupProps().value, api.getNavColorProps().value]).toEqual([chosen.themeName, chosen.themeName, chosen.navColor]);
    // A choice is painted as it is made: the page shows what the controls show.
    if (step.event.type === 'THEME.CHOOSE') expect(applied.at(-1)).toEqual(chosen);
  },
  states: {
    idle: (snapshot, step) => {
      const api = view(snapshot);
      const { saved, chosen, serverMessage } = snapshot.context;
      expect(api.getRootProps()['data-state']).toBe(serverMessage ? 'failed' : 'saved');
      // At rest the choice on screen is the server's, and nothing is being sent.
      expect([chosen, snapshot.context.sending]).toEqual([saved, null]);
      if (step.event.type.startsWith('xstate.error.actor')) {
        // Refused: the server's choice painted back, and why said.
        expect([serverMessage, applied.at(-1)]).toEqual(['保存失败', saved]);
      }
      if (step.event.type.startsWith('xstate.done.actor')) expect([saved, announced.at(-1), serverMessage]).toEqual([answered, answered, null]);
      if (step.event.type === 'THEME.SYNC') expect(saved).toEqual({ themeName: 'var3', navColor: 'light' });
    },
    saving: (snapshot, step, run) => {
      const api = view(snapshot);
      expect([api.getRootProps()['data-state'], api.getThemeSelectProps()['data-state'], api.serverMessage]).toEqual(['saving', 'saving', null]);
      // Entering a save sends the choice on screen; a choice made during one waits for it.
      if (step.event.type !== 'THEME.CHOOSE') expect(run.inputs.saveChoice?.at(-1)).toEqual(snapshot.context.chosen);
      // Saved again because the answer was not the choice on screen: the server had the older one.
      if (step.event.type.startsWith('xstate.done.actor')) expect([snapshot.context.saved, snapshot.context.chosen]).not.toEqual([answered, answered]);
      // A refused save with a newer choice waiting: that choice is saved instead, still on screen, nothing reverted or said.
      if (step.event.type.startsWith('xstate.error.actor')) {
        expect([applied.at(-1), snapshot.context.sending, api.serverMessage]).toEqual([snapshot.context.chosen, snapshot.context.chosen, null]);
        expect(snapshot.context.chosen).not.toEqual(snapshot.context.saved);
      }
    },
  },
});
