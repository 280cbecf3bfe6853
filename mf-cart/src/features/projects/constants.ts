/** SPEC §2 projects list and SPEC §8 empty lists. */
export const PROJECTS_TEXT = {
  title: 'Projects',
  home: 'Home',
  search: 'Search projects',
  noResults: 'No results',
  empty: 'List is empty',
  ordered: 'Ordered',
  created: (date: string) => `Created ${date}`,
} as const;

export const projectPath = (id: number) => `/projects/${id}`;
