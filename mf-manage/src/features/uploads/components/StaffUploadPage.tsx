import InboxOutlined from '@ant-design/icons/InboxOutlined';
import { Alert, App, Button, Form, Skeleton, Typography, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { UPLOAD_NO_ARTIST, type UploadFormInput } from '@atelier/contracts';
import {
  fieldMessages,
  isTransferring,
  METADATA_ADVICE,
  readyToSend,
  uploadErrorText,
  UploadFields,
  uploadFormFields,
  UploadQueue,
  useUploadQueue,
} from '@atelier/ui';
import { ManageBreadcrumb } from '../../../shared/ManageBreadcrumb';
import { MANAGE_CSS } from '../../../shared/manage-css';
import { useCreateUpload, useUploadOptions } from '../api/upload-queries';
import { CreditPicker, type Credit } from './CreditPicker';
import { UPLOAD_TYPE } from './upload-labels';

export const NOT_ALLOWED_TO_UPLOAD = 'This account may not upload pictures.';
export const PICTURE_FIRST = 'Choose a picture and wait until it has arrived.';
const ACCEPT = 'image/jpeg,image/png,image/tiff,.jpg,.jpeg,.png,.tif,.tiff';

interface StaffUploadValues {
  [field: string]: unknown;
  name: string;
}

const DEFAULTS: StaffUploadValues = {
  name: '',
  caption: '',
  keywords: [],
  image_type: 'fine art',
  location: '',
};

const FORM_CSS = `
.mg-upload-form { display: grid; gap: 24px; grid-template-columns: minmax(0, 1fr); align-items: start; }
@media (min-width: 1100px) { .mg-upload-form { grid-template-columns: minmax(0, 1fr) minmax(300px, 1fr); } }
`;

/**
 * /manage/upload/new (SPEC §5 Upload form): the fields OPTIONS /api/upload/ describes,
 * without creator, creator_uuid, published and the read-only ones; the credit (an artist
 * or a publisher, looked up as you type); the picture sent resumably with its progress.
 */
export function StaffUploadPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const options = useUploadOptions();
  const create = useCreateUpload();
  const queue = useUploadQueue();
  const [credit, setCredit] = useState<Credit>({ kind: 'artist', artist: null });
  const [creditError, setCreditError] = useState<string | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ title: string; items: string[] } | null>(null);
  const { control, handleSubmit, setValue, getValues } = useForm<StaffUploadValues>({
    defaultValues: DEFAULTS,
  });
  const fields = useMemo(() => uploadFormFields(options.data, { nameEach: false }), [options.data]);
  const item = queue.items[0];
  const ready = item && readyToSend(item) ? item : null;

  const onFile = (file: File) => {
    queue.clear();
    setPictureError(null);
    void queue.add([file]);
    if (!String(getValues('name') ?? '').trim()) {
      setValue('name', file.name.replace(/\.[^.]+$/, ''));
    }
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const credited =
      credit.kind === 'artist' ? credit.artist !== null : credit.publisher.trim() !== '';
    setCreditError(credited ? null : UPLOAD_NO_ARTIST);
    setPictureError(ready ? null : PICTURE_FIRST);
    if (!credited || !ready?.fileId) return;
    const body = {
      ...values,
      name: String(values.name).trim(),
      artist: credit.kind === 'artist' ? (credit.artist?.id ?? null) : null,
      publisher: credit.kind === 'publisher' ? credit.publisher : '',
      file: ready.fileId,
    } as UploadFormInput;
    try {
      const saved = await create.mutateAsync(body);
      void message.success(`Upload #${saved.id} saved.`);
      void navigate(`/manage/upload/${saved.id}`);
    } catch (error) {
      // SPEC §8 Upload 400: 'Invalid fields:' and the field names; other failures their text.
      setFailure({ title: uploadErrorText(error), items: fieldMessages(error) });
    }
  });

  let body;
  if (options.isPending) body = <Skeleton active />;
  else if (options.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={uploadErrorText(options.error)}
        description={METADATA_ADVICE}
      />
    );
  else if (!options.data.actions?.POST)
    body = <Alert type="warning" showIcon title={NOT_ALLOWED_TO_UPLOAD} />;
  else
    body = (
      <div className="mg-upload-form">
        <section aria-label="Picture" style={{ minWidth: 0 }}>
          <Upload.Dragger
            accept={ACCEPT}
            multiple={false}
            showUploadList={false}
            beforeUpload={(file) => {
              onFile(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">Drop a picture here, or choose it</p>
            <p className="ant-upload-hint">JPEG, PNG or TIFF print master</p>
          </Upload.Dragger>
          {pictureError && (
            <Typography.Text type="danger" role="alert">
              {pictureError}
            </Typography.Text>
          )}
          {queue.items.length > 0 && (
            <UploadQueue
              items={queue.items}
              nameEach={false}
              onRename={() => undefined}
              onResume={queue.resume}
              onPause={queue.pause}
              onRemove={queue.remove}
            />
          )}
        </section>
        <section aria-label="Details">
          {failure && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={failure.title}
              description={
                failure.items.length > 0 ? (
                  <ul style={{ margin: 0, paddingLeft: 18 }}>
                    {failure.items.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                ) : undefined
              }
              style={{ marginBottom: 16 }}
            />
          )}
          <Form layout="vertical" component="div">
            <UploadFields fields={fields} control={control} idPrefix="staff-upload" />
            <CreditPicker
              value={credit}
              onChange={(next) => {
                setCredit(next);
                setCreditError(null);
              }}
              error={creditError}
            />
            <Button
              type="primary"
              onClick={() => void submit()}
              loading={create.isPending}
              disabled={queue.items.some(isTransferring)}
            >
              Save upload
            </Button>
          </Form>
        </section>
      </div>
    );

  return (
    <section>
      <style>{MANAGE_CSS + FORM_CSS}</style>
      <ManageBreadcrumb type={UPLOAD_TYPE} trail={[{ title: 'New' }]} />
      <div className="mg-header">
        <Typography.Title level={1}>New upload</Typography.Title>
        <Link to="/manage/publisher/new">New publisher</Link>
      </div>
      {body}
    </section>
  );
}
