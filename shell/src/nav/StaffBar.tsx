import { NavLink, useNavigate } from 'react-router-dom';
import type { ProjectListEntry } from '@atelier/contracts';
import { cartApi, selectIsStaff, useAuthStore } from '@atelier/session';
import { Typeahead } from '@atelier/ui';
import { STAFF_BAR_LINKS } from './account-menu-items';

export const PROJECT_TYPEAHEAD_LABEL = 'Find a project';
const projectPath = (id: number) => `/projects/${id}`;

const searchProjects = (term: string, signal: AbortSignal) => cartApi.myProjects(term, signal);

/** SPEC §2: the second bar staff get, ending with a project typeahead. */
export function StaffBar() {
  const isStaff = useAuthStore(selectIsStaff);
  const navigate = useNavigate();
  if (!isStaff) return null;
  return (
    <nav aria-label="Staff" className="atelier-staff-bar">
      {STAFF_BAR_LINKS.map((link) => (
        <NavLink key={link.label} to={link.to} end={link.to === '/manage'}>
          {link.label}
        </NavLink>
      ))}
      <Typeahead<ProjectListEntry>
        label={PROJECT_TYPEAHEAD_LABEL}
        placeholder="Project"
        className="atelier-staff-typeahead"
        queryKey={['projects', 'typeahead']}
        search={searchProjects}
        getKey={(entry) => entry.project.id}
        getLabel={(entry) => `#${entry.project.id} ${entry.project.name}`}
        onChoose={(entry) => void navigate(projectPath(entry.project.id))}
      />
    </nav>
  );
}
