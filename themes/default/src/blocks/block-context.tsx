import { createContext, useContext, type ReactNode } from 'react';
import type { SitePostSummary } from '@lectern/sdk';

/** What blocks read at render time besides their own props. */
export interface BlockContextValue {
  /** Newest visible posts (at most 12), for post-list blocks. */
  recentPosts: SitePostSummary[];
  /** https://host[:port] of the site, no trailing slash. */
  siteUrl: string;
  /** Public URL prefix of the account's storage buckets, no trailing slash. */
  storageUrl: string;
  /** SPEC §9 language code for dates; English when left out. */
  language?: string;
}

const EMPTY: BlockContextValue = { recentPosts: [], siteUrl: '', storageUrl: '' };

export const BlockContext = createContext<BlockContextValue>(EMPTY);

export function BlockContextProvider({ value, children }: { value: BlockContextValue; children?: ReactNode }) {
  return <BlockContext.Provider value={value}>{children}</BlockContext.Provider>;
}

export function useBlockContext(): BlockContextValue {
  return useContext(BlockContext);
}
