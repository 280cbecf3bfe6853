import { Button, Checkbox, Flex, Form, Input } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import type { Collection } from '@atelier/contracts';
import { FormAlertView, useServerErrors } from '@atelier/ui';
import { useSaveCollection } from '../api/save-collection';
import {
  COLLECTION_DESCRIPTION_MAX_LENGTH,
  COLLECTION_NAME_MAX_LENGTH,
  DESCRIPTION_TOO_LONG,
  NAME_REQUIRED,
  NAME_TOO_LONG,
  NEW_COLLECTION,
  type CollectionFormValues,
} from '../../../shared/collections/collection-rules';

/** The fields this form shows; a server 400 on any other is an 'Invalid hidden fields' alert. */
const FIELDS = ['name', 'description', 'communal', 'public'] as const;

export interface CollectionFormProps {
  /** The collection being edited; absent for a new one. */
  collection?: Collection;
  onSaved: (saved: Collection) => void;
  onCancel: () => void;
}

/**
 * SPEC §5 Collection form: name required, at most 100 characters; description optional;
 * communal and public default to true. Busy while saving; server 400s go under their
 * fields (focus on the first); errors clear on input and on submit (SPEC §4 Forms).
 */
export function CollectionForm({ collection, onSaved, onCancel }: CollectionFormProps) {
  const save = useSaveCollection(collection?.id);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CollectionFormValues>({
    defaultValues: collection
      ? {
          name: collection.name,
          description: collection.description,
          communal: collection.communal,
          public: collection.public,
        }
      : NEW_COLLECTION,
  });
  const server = useServerErrors(setError, FIELDS);

  const submit = handleSubmit(async (values) => {
    server.clear();
    try {
      onSaved(await save.mutateAsync(values));
    } catch (error) {
      server.show(error);
    }
  });

  return (
    <Form
      layout="vertical"
      component="form"
      aria-label={collection ? 'Edit collection' : 'New collection'}
      onSubmitCapture={(e) => void submit(e)}
      onChangeCapture={server.clear}
      noValidate
      className="sf-collection-form"
    >
      <FormAlertView alert={server.alert} />
      <Controller
        name="name"
        control={control}
        rules={{
          validate: (value) => value.trim().length > 0 || NAME_REQUIRED,
          maxLength: { value: COLLECTION_NAME_MAX_LENGTH, message: NAME_TOO_LONG },
        }}
        render={({ field }) => (
          <Form.Item
            label="Name"
            htmlFor="collection-name"
            required
            validateStatus={errors.name ? 'error' : undefined}
            help={errors.name?.message}
          >
            <Input
              {...field}
              id="collection-name"
              autoComplete="off"
              aria-required
              aria-invalid={Boolean(errors.name)}
              // A count, not a hard stop, so a pasted long name is seen and shortened.
              showCount={{ formatter: ({ count }) => `${count} / ${COLLECTION_NAME_MAX_LENGTH}` }}
            />
          </Form.Item>
        )}
      />
      <Controller
        name="description"
        control={control}
        rules={{
          maxLength: { value: COLLECTION_DESCRIPTION_MAX_LENGTH, message: DESCRIPTION_TOO_LONG },
        }}
        render={({ field }) => (
          <Form.Item
            label="Description"
            htmlFor="collection-description"
            validateStatus={errors.description ? 'error' : undefined}
            help={errors.description?.message}
          >
            <Input.TextArea
              {...field}
              id="collection-description"
              autoSize={{ minRows: 3, maxRows: 8 }}
              aria-invalid={Boolean(errors.description)}
            />
          </Form.Item>
        )}
      />
      <Controller
        name="communal"
        control={control}
        render={({ field: { value, onChange, ...field } }) => (
          <Form.Item
            validateStatus={errors.communal ? 'error' : undefined}
            help={errors.communal?.message ?? 'Other staff may edit it.'}
          >
            <Checkbox {...field} checked={value} onChange={(e) => onChange(e.target.checked)}>
              Communal
            </Checkbox>
          </Form.Item>
        )}
      />
      <Controller
        name="public"
        control={control}
        render={({ field: { value, onChange, ...field } }) => (
          <Form.Item
            validateStatus={errors.public ? 'error' : undefined}
            help={errors.public?.message ?? 'Everyone may see it; otherwise only staff.'}
          >
            <Checkbox {...field} checked={value} onChange={(e) => onChange(e.target.checked)}>
              Public
            </Checkbox>
          </Form.Item>
        )}
      />
      <Flex gap={8} wrap style={{ marginTop: 8 }}>
        <Button type="primary" htmlType="submit" loading={isSubmitting}>
          {collection ? 'Save' : 'Create collection'}
        </Button>
        <Button onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
      </Flex>
    </Form>
  );
}
