import { Input } from 'antd';
import { PROJECTS_TEXT } from '../constants';

/** The list's search box: submitting it sets the `search` query param. */
export function ProjectsSearch({
  value,
  onSearch,
}: {
  value: string;
  onSearch(text: string): void;
}) {
  return (
    <Input.Search
      key={value}
      defaultValue={value}
      placeholder={PROJECTS_TEXT.search}
      aria-label={PROJECTS_TEXT.search}
      allowClear
      enterButton
      onSearch={onSearch}
      style={{ maxWidth: 420 }}
    />
  );
}
