import { App, Button } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api, isApiError } from '@atelier/api-client';
import { entityPath } from '../../../shared/entity-queries';

const DELETE_LABEL = 'Delete';

/**
 * Shown when OPTIONS of the entity offers actions.DELETE (staff, a type that may be
 * deleted): asks first, then deletes and goes back to the list; a refusal (409 while
 * something refers to it) is shown as the server says it.
 */
export function DeleteEntityButton({
  type,
  apiType,
  id,
  name,
}: {
  type: string;
  apiType: string;
  id: string;
  name: string;
}) {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => api.delete<null>(entityPath(apiType, id)),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['manage', apiType] });
    },
  });
  const confirm = () =>
    modal.confirm({
      title: `Delete ${name}?`,
      content: 'This cannot be undone.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Keep',
      onOk: async () => {
        try {
          await remove.mutateAsync();
          void message.success(`${name} was deleted.`);
          void navigate(`/manage/${type}`);
        } catch (error) {
          const detail = isApiError(error) ? error.detail : undefined;
          void message.error(detail ?? 'The delete failed. Please try again.');
        }
      },
    });
  return (
    <Button danger icon={<DeleteOutlined />} onClick={confirm} loading={remove.isPending}>
      {DELETE_LABEL}
    </Button>
  );
}
