import { use, useMemo } from 'react';
import { displayOf, type Display, type HideButtonMap } from '../shared/function-display';
import { menuApi } from './api/menu';
import { local } from './storage';

/**
 * The user's hide-button map (widgets §6), asked once per session and page load, beside the
 * menu; every resource page reads it through `useFunctionDisplay`. A map that cannot be loaded
 * hides nothing (the function's grant still decides every call) until the next page load or
 * login: asking again at once would ask on every render while the server cannot answer.
 */
let cached: { session: string | null; map: Promise<HideButtonMap | null> } | null = null;

export function hideButtons(): Promise<HideButtonMap | null> {
  const session = local.get('sessionKey') ?? null;
  if (!cached || cached.session !== session) {
    cached = { session, map: menuApi.hideButtons().catch(() => null) };
  }
  return cached.map;
}

/** What the page of this function shows: its buttons and query parameters (suspends until the map is in). */
export function useFunctionDisplay(funcUrl: string): Display {
  const map = use(hideButtons());
  return useMemo(() => displayOf(map, funcUrl), [map, funcUrl]);
}
