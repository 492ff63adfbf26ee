import type { SnapshotFrom } from 'xstate';
import type { ThemeChoiceEvent, themeChoiceMachine } from './theme-choice.machine';

type Snapshot = SnapshotFrom<typeof themeChoiceMachine>;
type Send = (event: ThemeChoiceEvent) => void;

/**
 * The theme choice's props (settings drawer, Themes page). The controls stay usable while a save
 * runs: a choice made meanwhile is shown at once and saved next (the machine).
 */
export function connectThemeChoice(snapshot: Snapshot, send: Send) {
  const { chosen, serverMessage } = snapshot.context;
  const state = snapshot.hasTag('busy') ? 'saving' : serverMessage ? 'failed' : 'saved';
  return {
    chosen,
    serverMessage,
    getRootProps: () => ({ 'data-part': 'theme-choice', 'data-state': state }),
    /** A native select of the themes. */
    getThemeSelectProps: () => ({
      'data-part': 'theme-select',
      'data-state': state,
      value: chosen.themeName,
      onChange: (e: { currentTarget: { value: string } }) => send({ type: 'THEME.CHOOSE', themeName: e.currentTarget.value }),
    }),
    /** Chakra's RadioGroup.Root or RadioCard.Root of the themes. */
    getThemeGroupProps: () => ({
      'data-part': 'theme-group',
      'data-state': state,
      value: chosen.themeName,
      onValueChange: (details: { value: string | null }) => details.value && send({ type: 'THEME.CHOOSE', themeName: details.value }),
    }),
    /** Chakra's RadioGroup.Root of the navigation colours. */
    getNavColorProps: () => ({
      'data-part': 'nav-color',
      'data-state': state,
      value: chosen.navColor,
      onValueChange: (details: { value: string | null }) => details.value && send({ type: 'THEME.CHOOSE', navColor: details.value }),
    }),
  };
}

export type ThemeChoiceApi = ReturnType<typeof connectThemeChoice>;
