import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Alert, App, Button, Flex, Form, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { api } from '@atelier/api-client';
import type { FormFields, OptionsMetadata } from '@atelier/contracts';
import { formatError } from '../errors/format-error';
import FormAlertView from '../forms/FormAlertView';
import type { FormAlert } from '../forms/server-errors';
import { useServerErrors } from '../forms/use-server-errors';
import { FieldInput, formatValue } from './FieldInput';
import {
  CLIENT_VALIDATION_FAILED,
  collectValues,
  fieldKind,
  hasFile,
  JsonFieldError,
  METADATA_ADVICE,
  NO_FIELDS_TEXT,
  NO_FIELDS_TITLE,
  toInputValue,
  type FieldWidget,
} from './entity-form-rules';

type Entity = Record<string, unknown>;

export interface EntityFormProps {
  /** The entity type's list URL, e.g. '/api/artist/': POST there, OPTIONS for the fields. */
  endpoint: string;
  /** Edits this one (OPTIONS and PUT `{endpoint}{id}/`); without it the form creates. */
  id?: string | number | undefined;
  /** The entity as the API answered it (edit), for the fields' current values. */
  entity?: Entity | undefined;
  /** A new entity's starting values where the server has defaults (SimpleMetadata has none). */
  defaults?: Readonly<Entity>;
  /** Fields not shown (SPEC §5: the upload form omits creator, creator_uuid, published). */
  omit?: readonly string[];
  /** How fields the metadata cannot describe are entered (a TIN is masked). */
  widgets?: Readonly<Record<string, FieldWidget>>;
  /** Related lookups other than `/api/{field}/`. */
  relatedEndpoints?: Readonly<Record<string, string>>;
  submitLabel?: string;
  onSaved: (saved: Entity) => void;
  onCancel?: () => void;
}

const ENTITY_FORM_CSS = `
.atelier-entity-facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(160px, 1fr)); gap: 8px 20px; margin: 0 0 20px; padding: 12px 16px; background: rgba(0,0,0,.025); border-radius: 6px; }
.atelier-entity-facts > div { min-width: 0; }
.atelier-entity-facts dt { color: rgba(0,0,0,.55); font-size: 12px; }
.atelier-entity-facts dd { margin: 2px 0 0; overflow-wrap: anywhere; }
.atelier-entity-facts img { max-width: 100%; }
`;

const NO_WIDGETS: Readonly<Record<string, FieldWidget>> = {};

function toFormData(body: Entity): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === null || value === undefined) continue;
    data.append(
      name,
      value instanceof Blob
        ? value
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value),
    );
  }
  return data;
}

/** The fields of an OPTIONS answer for the method this form uses, or null without actions. */
const fieldsOf = (metadata: OptionsMetadata, method: 'POST' | 'PUT'): FormFields | null =>
  metadata.actions?.[method] ?? null;

/**
 * SPEC §5 generic entity form, built from the DRF OPTIONS metadata of its endpoint: every
 * field type, required asterisks, the browser's validity checked before submit, JSON that
 * must parse, read-only id/created/modified, server errors on their fields, and the form
 * messages of SPEC §8 (Form 400, Form metadata failure, Related lookup error).
 */
export default function EntityForm({
  endpoint,
  id,
  entity,
  defaults,
  omit = [],
  widgets = NO_WIDGETS,
  relatedEndpoints = {},
  submitLabel = 'Save',
  onSaved,
  onCancel,
}: EntityFormProps) {
  const { notification, message } = App.useApp();
  const editing = id !== undefined && id !== '';
  const url = editing ? `${endpoint}${encodeURIComponent(String(id))}/` : endpoint;
  const method = editing ? 'PUT' : 'POST';
  const metadata = useQuery({
    queryKey: ['entity-form', 'options', url],
    queryFn: ({ signal }) => api.request<OptionsMetadata>('OPTIONS', url, { signal }),
    staleTime: 5 * 60_000,
  });
  const allFields = metadata.data ? fieldsOf(metadata.data, method) : null;
  const fields = useMemo(
    () =>
      allFields
        ? Object.fromEntries(Object.entries(allFields).filter(([name]) => !omit.includes(name)))
        : null,
    [allFields, omit],
  );
  const noFields = metadata.isSuccess && fields === null;
  useEffect(() => {
    if (noFields) notification.info({ title: NO_FIELDS_TITLE, description: NO_FIELDS_TEXT });
  }, [noFields, notification]);

  if (metadata.isPending) return <Skeleton active aria-label="Loading the form" />;
  if (metadata.isError) {
    const { title } = formatError(metadata.error);
    return (
      <>
        <Alert type="error" showIcon role="alert" title={title} description={METADATA_ADVICE} />
        {entity && <RawData entity={entity} />}
      </>
    );
  }
  if (!fields) return entity ? <RawData entity={entity} /> : null;
  return (
    <FieldsForm
      key={url}
      fields={fields}
      entity={entity ?? (defaults as Entity | undefined)}
      editing={editing}
      widgets={widgets}
      relatedEndpoints={relatedEndpoints}
      submitLabel={submitLabel}
      onCancel={onCancel}
      save={async (body) => {
        const payload = hasFile(body) ? toFormData(body) : body;
        const saved = editing
          ? await api.put<Entity>(url, payload)
          : await api.post<Entity>(endpoint, payload);
        void message.success('Saved');
        onSaved(saved);
      }}
    />
  );
}

function RawData({ entity }: { entity: Entity }) {
  return (
    <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {JSON.stringify(entity, null, 2)}
    </pre>
  );
}

interface FieldsFormProps {
  fields: FormFields;
  entity: Entity | undefined;
  editing: boolean;
  widgets: Readonly<Record<string, FieldWidget>>;
  relatedEndpoints: Readonly<Record<string, string>>;
  submitLabel: string;
  onCancel: (() => void) | undefined;
  save: (body: Entity) => Promise<void>;
}

function FieldsForm({
  fields,
  entity,
  editing,
  widgets,
  relatedEndpoints,
  submitLabel,
  onCancel,
  save,
}: FieldsFormProps) {
  const idPrefix = useId().replace(/:/g, '');
  const shownNames = useMemo(
    () =>
      Object.entries(fields)
        .filter(([name, field]) => fieldKind(name, field, widgets[name]) !== 'read only')
        .map(([name]) => name),
    [fields, widgets],
  );
  const defaultValues = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(fields).map(([name, field]) => [
          name,
          toInputValue(fieldKind(name, field, widgets[name]), entity?.[name], field),
        ]),
      ),
    [fields, entity, widgets],
  );
  const form = useForm<Entity>({ defaultValues });
  const server = useServerErrors(form.setError, shownNames);
  const [clientAlert, setClientAlert] = useState<FormAlert | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    server.clear();
    setClientAlert(null);
    const element = event.currentTarget;
    if (!element.checkValidity()) {
      element.reportValidity();
      setClientAlert({ title: CLIENT_VALIDATION_FAILED });
      return;
    }
    await form.handleSubmit(
      async (values) => {
        let body: Entity;
        try {
          body = collectValues(fields, values, widgets);
        } catch (error) {
          if (error instanceof JsonFieldError) {
            form.setError(
              error.field,
              { type: 'json', message: error.message },
              { shouldFocus: true },
            );
            return;
          }
          throw error;
        }
        try {
          await save(body);
        } catch (error) {
          server.show(error);
        }
      },
      () => setClientAlert({ title: CLIENT_VALIDATION_FAILED }),
    )();
  };

  const isReadOnly = ([name, field]: [string, FormFields[string]]) =>
    fieldKind(name, field, widgets[name]) === 'read only';
  const entries = Object.entries(fields);
  // Editing: the read-only facts (id, created, modified…) in a compact grid above the inputs.
  const facts = editing ? entries.filter(isReadOnly) : [];
  const inputs = entries.filter((entry) => !isReadOnly(entry));
  return (
    <FormProvider {...form}>
      <Form
        component="form"
        layout="vertical"
        onSubmitCapture={(event) => void submit(event)}
        onChangeCapture={() => {
          server.clear();
          setClientAlert(null);
        }}
        noValidate
        className="atelier-entity-form"
      >
        <FormAlertView alert={clientAlert ?? server.alert} />
        {facts.length > 0 && (
          <dl className="atelier-entity-facts" aria-label="Read-only fields">
            {facts.map(([name, field]) => (
              <div key={name}>
                <dt>{field.label ?? name}</dt>
                <dd>{formatValue(field, entity?.[name])}</dd>
              </div>
            ))}
          </dl>
        )}
        {inputs.map(([name, field]) => (
          <FieldInput
            key={name}
            path={name}
            name={name}
            field={field}
            widget={widgets[name]}
            stored={entity?.[name]}
            idPrefix={idPrefix}
            relatedEndpoint={relatedEndpoints[name] ?? `/api/${name}/`}
          />
        ))}
        <style>{ENTITY_FORM_CSS}</style>
        <Flex gap={8} wrap style={{ marginTop: 8 }}>
          <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
          {onCancel && <Button onClick={onCancel}>Cancel</Button>}
        </Flex>
      </Form>
    </FormProvider>
  );
}
