import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState, Loading } from './states';

/** The loading → error with retry → empty → content ladder every screen draws around a query. */
export function QueryView<T>({
  query,
  isEmpty,
  empty = null,
  children,
}: {
  query: UseQueryResult<T>;
  /** Whether the loaded data has nothing to show; `empty` is drawn instead of the content then. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  if (isEmpty !== undefined && isEmpty(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
