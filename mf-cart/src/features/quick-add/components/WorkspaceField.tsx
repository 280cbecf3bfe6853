import { Alert, Form, Select } from 'antd';
import type { Workspace } from '@atelier/contracts';
import { formatError } from '@atelier/ui';
import { WORKSPACE_LABEL, WORKSPACE_PLACEHOLDER, WORKSPACES_ERROR } from '../constants';

interface WorkspaceFieldProps {
  id: string;
  options: readonly Workspace[];
  value: Workspace | undefined;
  loading: boolean;
  error: unknown;
  onSearch(search: string): void;
  onChange(workspace: Workspace): void;
}

const errorText = (error: unknown): string => {
  const summary = formatError(error);
  return summary.description ? `${summary.title}: ${summary.description}` : summary.title;
};

/** The workspace an add goes to (signed-in profiles); another project's is allowed. */
export function WorkspaceField({
  id,
  options,
  value,
  loading,
  error,
  onSearch,
  onChange,
}: WorkspaceFieldProps) {
  return (
    <>
      {error ? (
        <Alert
          type="error"
          showIcon
          title={WORKSPACES_ERROR}
          description={errorText(error)}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form.Item label={WORKSPACE_LABEL} htmlFor={id}>
        <Select
          id={id}
          value={value?.id}
          placeholder={WORKSPACE_PLACEHOLDER}
          loading={loading}
          showSearch={{ filterOption: false, onSearch }}
          onChange={(workspaceId: number) => {
            const workspace = options.find((entry) => entry.id === workspaceId);
            if (workspace) onChange(workspace);
          }}
          options={options.map((workspace) => ({ value: workspace.id, label: workspace.label }))}
          style={{ width: '100%' }}
        />
      </Form.Item>
    </>
  );
}
