import { RequireLogin, usePageTitle } from '@atelier/ui';
import { ProjectsList } from '../features/projects/components/ProjectsList';
import { PROJECTS_TEXT } from '../features/projects/constants';

/** /projects: the signed-in user's projects (SPEC §2). */
export default function ProjectsPage() {
  usePageTitle(PROJECTS_TEXT.title);
  return (
    <RequireLogin>
      <ProjectsList />
    </RequireLogin>
  );
}
