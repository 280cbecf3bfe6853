import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { SizeValue } from '@atelier/contracts';

const PREFERENCES_STORAGE_KEY = 'atelier.preferences';
/** SPEC §9: custom sizes saved: 1. */
const CUSTOM_SIZES_KEPT = 1;

/** A custom size a user typed, as Quick Add offers it again. */
export interface SavedCustomSize {
  label: string;
  value: SizeValue;
  userInput?: SizeValue;
}

/** SPEC §3 Local preferences. */
export interface LocalPreferences {
  showAllFields: boolean;
  showRaw: boolean;
  uploadsView: string | null;
  artistArtView: string | null;
  artistUploadTips: boolean;
  searchAdvanced: boolean;
  searchRefresh: boolean;
  dismissed: string[];
  /** Refresh the cart after an add (SPEC §4: about 3 s later). */
  cartRefresh: boolean;
  /** Only the single most recent custom size is kept. */
  customSizes: SavedCustomSize[];
}

export const DEFAULT_PREFERENCES: LocalPreferences = {
  showAllFields: false,
  showRaw: false,
  uploadsView: null,
  artistArtView: null,
  artistUploadTips: true,
  // The search Filters panel starts open on wide screens (a buyer expects to see filters).
  searchAdvanced: true,
  searchRefresh: false,
  dismissed: [],
  cartRefresh: true,
  customSizes: [],
};

export interface PreferencesState extends LocalPreferences {
  setPreference<K extends keyof LocalPreferences>(key: K, value: LocalPreferences[K]): void;
  /** Keeps `size` as the one saved custom size. */
  saveCustomSize(size: SavedCustomSize): void;
  reset(): void;
}

export const usePreferencesStore = create<PreferencesState>()(
  persist(
    (set) => ({
      ...DEFAULT_PREFERENCES,
      setPreference: (key, value) => set({ [key]: value } as Partial<LocalPreferences>),
      saveCustomSize: (size) => set({ customSizes: [size].slice(0, CUSTOM_SIZES_KEPT) }),
      reset: () => set({ ...DEFAULT_PREFERENCES }),
    }),
    {
      name: PREFERENCES_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => {
        const { setPreference: _s, saveCustomSize: _c, reset: _r, ...prefs } = state;
        return prefs;
      },
    },
  ),
);
