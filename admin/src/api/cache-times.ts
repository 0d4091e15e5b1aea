/** SPEC §9 cache times; refetching on window focus is off everywhere. */
export const CACHE = {
  options: 60 * 60 * 1000,
  profile: 5 * 60 * 1000,
  role: 50 * 1000,
  points: 60 * 60 * 1000,
} as const;
