import UploadOutlined from '@ant-design/icons/UploadOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { Avatar, Button, Form, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ARTIST_PHOTO_MAX_BYTES,
  SAMPLE_TOO_LARGE,
  type ArtistOwnProfile,
} from '@atelier/contracts';
import { FormAlertView, useServerErrors } from '@atelier/ui';
import { TextField } from '../../../components/TextField';
import { readFileBase64 } from '../../../lib/read-file';
import { useSaveOwnProfile } from '../api/profile';
import { SAMPLES_ACCEPT } from '../../../shared/SamplesStep';

interface ProfileValues {
  full_name: string;
  bio: string;
  location: string;
  photo: string;
}
const FIELDS = ['full_name', 'bio', 'location', 'photo'] as const;

/** SPEC §8 Maps failure: no maps service is reachable, so the location is plain text. */
const LOCATION_HELP = 'City and country, as you would like it shown.';

/** Photo, name, bio and location of the public artist page. */
export function ProfileForm({
  profile,
  onSaved,
}: {
  profile: ArtistOwnProfile;
  onSaved: () => void;
}) {
  const save = useSaveOwnProfile();
  const [preview, setPreview] = useState<string | null>(profile.photo);
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues>({
    defaultValues: {
      full_name: profile.full_name,
      bio: profile.bio,
      location: profile.location,
      photo: '',
    },
  });
  const server = useServerErrors(setError, FIELDS);
  const pick = async (file: File) => {
    if (file.size > ARTIST_PHOTO_MAX_BYTES) {
      setError('photo', { type: 'size', message: SAMPLE_TOO_LARGE });
      return;
    }
    const data = await readFileBase64(file);
    setValue('photo', data, { shouldDirty: true });
    setPreview(`data:${file.type};base64,${data}`);
  };
  const submit = handleSubmit(async (values) => {
    server.clear();
    try {
      await save.mutateAsync({
        full_name: values.full_name,
        bio: values.bio,
        location: values.location,
        ...(values.photo ? { photo: values.photo } : {}),
      });
      onSaved();
    } catch (error) {
      server.show(error);
    }
  });
  return (
    <Form
      layout="vertical"
      component="form"
      aria-label="Artist profile"
      onSubmitCapture={(e) => void submit(e)}
      onChangeCapture={server.clear}
      noValidate
      style={{ maxWidth: 640 }}
    >
      <FormAlertView alert={server.alert} />
      <Form.Item
        label="Photo"
        validateStatus={errors.photo ? 'error' : undefined}
        help={errors.photo?.message}
      >
        <Space align="center" wrap>
          <Avatar
            size={96}
            src={preview ?? undefined}
            icon={preview ? undefined : <UserOutlined />}
          />
          <Upload
            accept={SAMPLES_ACCEPT}
            showUploadList={false}
            customRequest={({ file, onSuccess }) => {
              void pick(file as File).then(() => onSuccess?.(null));
            }}
          >
            <Button icon={<UploadOutlined />}>Choose a photo</Button>
          </Upload>
        </Space>
      </Form.Item>
      <TextField
        control={control}
        name="full_name"
        label="Name"
        autoComplete="name"
        required
        rules={{ required: 'Name is required.' }}
        error={errors.full_name?.message}
      />
      <TextField
        control={control}
        name="location"
        label="Location"
        autoComplete="address-level2"
        extra={LOCATION_HELP}
        error={errors.location?.message}
      />
      <TextField control={control} name="bio" label="Bio" multiline error={errors.bio?.message} />
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        Your name, photo, location and bio appear on your public artist page.
      </Typography.Paragraph>
      <Button type="primary" htmlType="submit" loading={isSubmitting}>
        Save profile
      </Button>
    </Form>
  );
}
