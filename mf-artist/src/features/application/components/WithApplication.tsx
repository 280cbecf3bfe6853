import type { ReactNode } from 'react';
import type { ArtistApplication } from '@atelier/contracts';
import { QueryState } from '../../../components/QueryState';
import { useApplication } from '../../../shared/api/application';

/** Loads the signed-in user's application and renders `children` with it. */
export function WithApplication({
  children,
}: {
  children: (application: ArtistApplication) => ReactNode;
}) {
  const query = useApplication();
  return (
    <QueryState
      isPending={query.isPending}
      error={query.error}
      refetch={query.refetch}
      label="Loading your application"
    >
      {query.data ? children(query.data) : null}
    </QueryState>
  );
}
