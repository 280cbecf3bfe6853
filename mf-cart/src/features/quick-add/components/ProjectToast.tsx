import type { MouseEvent } from 'react';
import { VIEW_PROJECT, addedToProject, projectPath } from '../constants';

interface ProjectToastProps {
  project: { id: number; name: string };
  /** The toast renders outside the router: the caller's navigate follows the link. */
  onOpen(path: string): void;
}

/** SPEC §4: an add to another project than the current cart links to that project. */
export function ProjectToast({ project, onOpen }: ProjectToastProps) {
  const path = projectPath(project.id);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onOpen(path);
  };
  return (
    <span>
      {addedToProject(project.name)}{' '}
      <a href={path} onClick={follow}>
        {VIEW_PROJECT}
      </a>
    </span>
  );
}
