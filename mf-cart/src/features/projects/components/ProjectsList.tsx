import { Button, Empty, Skeleton, Space, Typography } from 'antd';
import { PROJECT_LIST_PAGE_SIZE } from '@atelier/contracts';
import { ErrorDisplay, PaginationBar } from '@atelier/ui';

import { useProjects } from '../api/list-projects';
import { PROJECTS_TEXT } from '../constants';
import { useListParams } from '../hooks/use-list-params';
import { ProjectRow } from './ProjectRow';
import { ProjectsBreadcrumb } from './ProjectsBreadcrumb';
import { ProjectsSearch } from './ProjectsSearch';

/** SPEC §2 projects list: breadcrumb, search box, rows linking to each project, pages. */
export function ProjectsList() {
  const { page, pageSize, search, setPage, setSearch } = useListParams(PROJECT_LIST_PAGE_SIZE);
  const projects = useProjects({ page, page_size: pageSize, ...(search ? { search } : {}) });

  let body;
  if (projects.error) {
    body = (
      <ErrorDisplay
        error={projects.error}
        action={<Button onClick={() => void projects.refetch()}>Retry</Button>}
      />
    );
  } else if (!projects.data) {
    body = (
      <div role="status" aria-label="Loading projects">
        <Skeleton active paragraph={{ rows: 5 }} />
      </div>
    );
  } else if (projects.data.count === 0) {
    body = <Empty description={search ? PROJECTS_TEXT.noResults : PROJECTS_TEXT.empty} />;
  } else {
    body = (
      <>
        <ul aria-label={PROJECTS_TEXT.title} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {projects.data.results.map((entry) => (
            <ProjectRow key={entry.token} entry={entry} />
          ))}
        </ul>
        <div style={{ marginTop: 16 }}>
          <PaginationBar
            count={projects.data.count}
            page={page}
            pageSize={pageSize}
            onChange={setPage}
          />
        </div>
      </>
    );
  }

  return (
    <section aria-labelledby="projects-title">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <ProjectsBreadcrumb />
        <Typography.Title id="projects-title" level={1} style={{ fontSize: 24, margin: 0 }}>
          {PROJECTS_TEXT.title}
        </Typography.Title>
        <ProjectsSearch value={search} onSearch={setSearch} />
        {body}
      </Space>
    </section>
  );
}
