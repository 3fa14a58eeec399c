import { USER_MODE_STORAGE_KEY } from '@tradeops/shared';
import { describe, expect, it } from 'vitest';
import { landingPathForMode, readUserMode, saveUserMode } from './user-mode';

describe('user mode storage', () => {
  it('reads nothing chosen from empty or malformed storage', () => {
    expect(readUserMode()).toEqual({ mode: null, hasChosenMode: false });
    window.localStorage.setItem(USER_MODE_STORAGE_KEY, '{not json');
    expect(readUserMode()).toEqual({ mode: null, hasChosenMode: false });
    window.localStorage.setItem(USER_MODE_STORAGE_KEY, JSON.stringify({ state: { mode: 'wholesale' }, version: 0 }));
    expect(readUserMode().mode).toBeNull();
  });

  it('writes the zustand-persist shape', () => {
    saveUserMode('source');
    expect(JSON.parse(window.localStorage.getItem(USER_MODE_STORAGE_KEY) ?? '')).toEqual({
      state: { mode: 'source', hasChosenMode: true },
      version: 0,
    });
  });

  it('sends each saved mode to its landing', () => {
    expect(landingPathForMode({ mode: 'supply', hasChosenMode: true })).toBe('/supply-landing');
    expect(landingPathForMode({ mode: 'source', hasChosenMode: true })).toBe('/source-landing');
    expect(landingPathForMode({ mode: null, hasChosenMode: false })).toBeNull();
  });
});
