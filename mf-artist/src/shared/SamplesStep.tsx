import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { Alert, App, Button, Card, Col, Empty, Row, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import {
  SAMPLE_MAX_BYTES,
  SAMPLE_TOO_LARGE,
  SAMPLES_COUNT_MESSAGE,
  SAMPLES_MAX,
  SAMPLES_MIN,
  type ArtistApplication,
} from '@atelier/contracts';
import { FormAlertView, readServerErrors, type FormAlert } from '@atelier/ui';
import { readFileBase64 } from '../lib/read-file';
import { useAddSample, useRemoveSample, useSubmitApplication } from './api/application';

export const SAMPLES_ACCEPT = 'image/jpeg,image/png,image/webp';

interface FileProblem {
  name: string;
  message: string;
}

/** 3–10 sample pictures, each checked by the server; then the application is sent. */
export function SamplesStep({
  application,
  onSent,
}: {
  application: ArtistApplication;
  onSent: () => void;
}) {
  const { message } = App.useApp();
  const add = useAddSample();
  const remove = useRemoveSample();
  const send = useSubmitApplication();
  const [problems, setProblems] = useState<FileProblem[]>([]);
  const [uploading, setUploading] = useState(0);
  const [sendAlert, setSendAlert] = useState<FormAlert | null>(null);
  const count = application.samples.length;

  const upload = async (file: File) => {
    if (file.size > SAMPLE_MAX_BYTES) {
      setProblems((list) => [...list, { name: file.name, message: SAMPLE_TOO_LARGE }]);
      return;
    }
    setUploading((n) => n + 1);
    try {
      await add.mutateAsync({
        name: file.name.slice(0, 200) || 'sample',
        data: await readFileBase64(file),
      });
    } catch (error) {
      const { fields, alert } = readServerErrors(error, ['data', 'name']);
      const text = fields.map((f) => f.message).join(' ') || alert?.title || 'Upload failed.';
      setProblems((list) => [...list, { name: file.name, message: text }]);
    } finally {
      setUploading((n) => n - 1);
    }
  };

  const submit = async () => {
    setSendAlert(null);
    try {
      await send.mutateAsync();
      message.success('Application sent');
      onSent();
    } catch (error) {
      const { fields, alert } = readServerErrors(error, ['samples']);
      setSendAlert(alert ?? (fields[0] ? { title: fields[0].message } : null));
    }
  };

  return (
    <section aria-label="Sample pictures">
      <Typography.Paragraph>
        {SAMPLES_COUNT_MESSAGE} JPEG, PNG or WebP, up to {SAMPLE_MAX_BYTES / 1024 / 1024} MB each.
        <br />
        <Typography.Text strong>{count}</Typography.Text> of {SAMPLES_MAX} added.
      </Typography.Paragraph>
      <Upload
        accept={SAMPLES_ACCEPT}
        multiple
        showUploadList={false}
        disabled={count >= SAMPLES_MAX}
        customRequest={({ file, onSuccess }) => {
          void upload(file as File).then(() => onSuccess?.(null));
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading > 0} disabled={count >= SAMPLES_MAX}>
          Add pictures
        </Button>
      </Upload>
      {problems.length > 0 ? (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setProblems([]) }}
          style={{ marginTop: 16 }}
          title="Some pictures were not added"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {problems.map((p, i) => (
                <li key={`${p.name}-${i}`}>
                  {p.name}: {p.message}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      <div style={{ margin: '24px 0' }}>
        {count === 0 ? (
          <Empty description="No samples yet" />
        ) : (
          <Row gutter={[12, 12]}>
            {application.samples.map((sample) => (
              <Col key={sample.id} xs={12} sm={8} md={6} lg={4}>
                <Card
                  size="small"
                  cover={
                    <img
                      src={sample.url}
                      alt={sample.name}
                      style={{ height: 140, objectFit: 'cover' }}
                    />
                  }
                  actions={[
                    <Button
                      key="remove"
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`Remove ${sample.name}`}
                      loading={remove.isPending && remove.variables === sample.id}
                      onClick={() => remove.mutate(sample.id)}
                    />,
                  ]}
                >
                  <Typography.Text ellipsis style={{ fontSize: 12 }}>
                    {sample.name}
                  </Typography.Text>
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </div>
      <FormAlertView alert={sendAlert} />
      <Space wrap>
        <Button
          type="primary"
          onClick={() => void submit()}
          loading={send.isPending}
          disabled={count < SAMPLES_MIN || count > SAMPLES_MAX || uploading > 0}
        >
          Send application
        </Button>
        {count < SAMPLES_MIN ? (
          <Typography.Text type="secondary">
            Add {SAMPLES_MIN - count} more to send your application.
          </Typography.Text>
        ) : null}
      </Space>
    </section>
  );
}
