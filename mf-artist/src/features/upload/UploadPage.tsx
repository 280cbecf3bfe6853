import InboxOutlined from '@ant-design/icons/InboxOutlined';
import {
  Alert,
  App,
  Button,
  Empty,
  Form,
  Segmented,
  Skeleton,
  Space,
  Typography,
  Upload,
} from 'antd';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { UploadFormInput } from '@atelier/contracts';
import {
  isTransferring,
  readyToSend,
  uploadErrorText,
  uploadFormFields,
  UploadQueue,
  useUploadQueue,
} from '@atelier/ui';
import { useUploadOptions } from './api/get-upload-options';
import { useSaveUpload } from './api/save-upload';
import { MyUploads } from './components/MyUploads';
import { UploadDetails, type UploadDetailsValues } from './components/UploadDetails';
import { UploadTips } from './components/UploadTips';

const ADVANCED = 'advanced';
const NOT_AN_ARTIST =
  'Only artists whose application was approved can upload. Apply to sell your art first.';
/** SPEC §8 Form metadata failure. */
const METADATA_ADVICE = 'Please try reloading the page. Contact customer support if this persists.';
const DROP_HEIGHT = 180;
const ACCEPT = 'image/jpeg,image/png,image/tiff,.jpg,.jpeg,.png,.tif,.tiff';

const DEFAULTS: UploadDetailsValues = {
  credit: 'artist',
  publisher: '',
  name: '',
  caption: '',
  keywords: [],
  image_type: 'fine art',
  location: '',
};

function UploadScreen() {
  const { advanced } = useParams();
  const isAdvanced = advanced === ADVANCED;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const options = useUploadOptions();
  const queue = useUploadQueue();
  const save = useSaveUpload();
  const { control, handleSubmit, setValue } = useForm<UploadDetailsValues>({
    defaultValues: DEFAULTS,
  });
  const credit = useWatch({ control, name: 'credit' });
  const fields = useMemo(
    () => uploadFormFields(options.data, { nameEach: isAdvanced }),
    [options.data, isAdvanced],
  );

  const sendable = queue.items.filter(readyToSend);
  const busy = queue.items.some(isTransferring) || save.isPending;

  const onFiles = (files: File[]) => {
    if (!isAdvanced) {
      // Basic mode takes one picture: a new one replaces it, and names the form.
      queue.clear();
      const [file] = files;
      if (!file) return;
      void queue.add([file]);
      setValue('name', file.name.replace(/\.[^.]+$/, ''));
      return;
    }
    void queue.add(files);
  };

  const submit = handleSubmit(async (values) => {
    const { credit: chosen, publisher, ...rest } = values;
    let sent = 0;
    for (const item of sendable) {
      const body = {
        ...rest,
        name: isAdvanced ? item.name.trim() : String(values.name ?? '').trim(),
        publisher: chosen === 'publisher' ? publisher : '',
        artist: null,
        file: item.fileId as string,
      } as UploadFormInput;
      queue.update({ type: 'saving', key: item.key });
      try {
        const upload = await save.mutateAsync(body);
        queue.update({ type: 'saved', key: item.key, upload });
        sent += 1;
      } catch (error) {
        queue.update({ type: 'invalid', key: item.key, message: uploadErrorText(error) });
      }
    }
    if (sent > 0) {
      void message.success(sent === 1 ? 'Sent for review.' : `${sent} pictures sent for review.`);
    }
  });

  if (options.isPending) return <Skeleton active />;
  if (options.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={uploadErrorText(options.error)}
        description={METADATA_ADVICE}
      />
    );
  }
  if (!options.data.actions?.POST) {
    return (
      <Alert
        type="warning"
        showIcon
        title={NOT_AN_ARTIST}
        action={
          <Link to="/artist/apply">
            <Button size="small">Apply</Button>
          </Link>
        }
      />
    );
  }

  return (
    <Space orientation="vertical" size={20} style={{ width: '100%' }}>
      <Segmented
        aria-label="Upload mode"
        value={isAdvanced ? ADVANCED : 'basic'}
        onChange={(mode) =>
          navigate(mode === ADVANCED ? '/artist/upload/advanced' : '/artist/upload')
        }
        options={[
          { value: 'basic', label: 'One picture' },
          { value: ADVANCED, label: 'Many at once' },
        ]}
      />
      <UploadTips />
      <div className="upload-columns">
        <section aria-label="Pictures to send" style={{ minWidth: 0 }}>
          <Upload.Dragger
            accept={ACCEPT}
            height={DROP_HEIGHT}
            multiple={isAdvanced}
            showUploadList={false}
            beforeUpload={(file, list) => {
              // Called once per file; the whole choice is taken on its first file.
              if (file === list[0]) onFiles(list);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">
              {isAdvanced
                ? 'Drop pictures here, or choose them'
                : 'Drop a picture here, or choose it'}
            </p>
            <p className="ant-upload-hint">JPEG, PNG or TIFF print masters</p>
          </Upload.Dragger>
          {queue.items.length === 0 ? (
            <Empty description="No pictures chosen yet" style={{ marginTop: 16 }} />
          ) : (
            <UploadQueue
              items={queue.items}
              nameEach={isAdvanced}
              onRename={(key, name) => queue.update({ type: 'renamed', key, name })}
              onResume={queue.resume}
              onPause={queue.pause}
              onRemove={queue.remove}
            />
          )}
        </section>
        <section aria-label="Details">
          <Typography.Title level={2} style={{ fontSize: 18 }}>
            {isAdvanced ? 'Details for every picture' : 'Details'}
          </Typography.Title>
          <Form layout="vertical" component="div">
            <UploadDetails fields={fields} control={control} credit={credit} />
            <Button
              type="primary"
              onClick={() => void submit()}
              disabled={
                sendable.length === 0 || (isAdvanced && sendable.some((i) => !i.name.trim()))
              }
              loading={save.isPending}
            >
              {sendable.length > 1 ? `Send ${sendable.length} for review` : 'Send for review'}
            </Button>
            {busy && sendable.length === 0 && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                The button is ready once a picture has arrived.
              </Typography.Paragraph>
            )}
          </Form>
        </section>
      </div>
      <MyUploads />
    </Space>
  );
}

const LAYOUT_CSS = `
.upload-columns { display: grid; gap: 24px; grid-template-columns: minmax(0, 1fr); align-items: start; }
@media (min-width: 992px) { .upload-columns { grid-template-columns: minmax(0, 3fr) minmax(280px, 2fr); } }
`;

/** /artist/upload/:advanced? (SPEC §2): basic (one picture) and advanced (many) modes. */
export function UploadPage() {
  return (
    <>
      <style>{LAYOUT_CSS}</style>
      <section style={{ maxWidth: 1200, margin: '0 auto' }}>
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          Upload
        </Typography.Title>
        <UploadScreen />
      </section>
    </>
  );
}
